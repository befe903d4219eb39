import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const FRONTEND_DIR = path.resolve(import.meta.dirname, "../../frontend");
export const FRONTEND_DIST = path.join(FRONTEND_DIR, "dist");

/** Builds the frontend into dist/ (a failed build rejects with Vite's errors). */
export async function buildFrontend() {
  await promisify(execFile)("npx", ["vite", "build", "--logLevel", "error"], { cwd: FRONTEND_DIR });
}
