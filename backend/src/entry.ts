/** An older Node would die loading the server (no `node:sqlite`). */
import path from "node:path";
import { exitOnOldNode } from "./node-version.ts";

exitOnOldNode();
const { runServer } = await import("./run-server.ts");
await runServer({ staticDir: path.resolve(import.meta.dirname, "../../frontend/dist") });
