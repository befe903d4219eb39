import path from "node:path";
import { runServer } from "./run-server.ts";

/** The frontend's build beside this one, where `npm run build` and the image put it (from backend/src or backend/dist). */
const FRONTEND_DIST = path.resolve(import.meta.dirname, "../../frontend/dist");

await runServer({ staticDir: FRONTEND_DIST });
