/** Checks Node's version before loading the server, which an older Node would die on (no `node:sqlite`). */
import { nodeVersionProblem } from "./node-version.ts";

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
await import("./index.ts");
