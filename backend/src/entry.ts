/** Checks Node's version before loading the server, which an older Node would die on (no `node:sqlite`). */
import path from "node:path";
import { exitOnOldNode } from "./node-version.ts";

exitOnOldNode();
const { runServer } = await import("./run-server.ts");
// The frontend's build beside this one (from backend/src or backend/dist), where `npm run build` and the image put it.
await runServer({ staticDir: path.resolve(import.meta.dirname, "../../frontend/dist") });
