/** An older Node would die loading the server (no `node:sqlite`). */
import path from "node:path";
import { nodeVersionProblem } from "./node-version.ts";

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const { runServer } = await import("./run-server.ts");
await runServer({ staticDir: path.resolve(import.meta.dirname, "../../frontend/dist") });
