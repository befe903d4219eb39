import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { newestChange } from "./newest-change.ts";

const FRONTEND_DIR = path.resolve(import.meta.dirname, "../../frontend");
export const FRONTEND_DIST = path.join(FRONTEND_DIR, "dist");

/** Builds the frontend unless dist/ is newer than every source file. */
export async function buildFrontendIfStale(log: (line: string) => void): Promise<void> {
  const builtAt = await fs.stat(path.join(FRONTEND_DIST, "index.html")).then(
    (stat) => stat.mtimeMs,
    () => 0,
  );
  const sources = [
    path.join(FRONTEND_DIR, "src"),
    path.join(FRONTEND_DIR, "public"),
    path.join(FRONTEND_DIR, "index.html"),
    path.join(FRONTEND_DIR, "vite.config.ts"),
    path.join(FRONTEND_DIR, "build"),
    path.resolve(FRONTEND_DIR, "../common/src"),
    // A dependency bump changes what Vite bundles without touching a source file.
    path.resolve(FRONTEND_DIR, "../package-lock.json"),
    path.resolve(FRONTEND_DIR, "../package.json"),
    path.join(FRONTEND_DIR, "package.json"),
    path.resolve(FRONTEND_DIR, "../common/package.json"),
  ];
  if (builtAt > 0 && newestChange(sources) < builtAt) return;
  log("building the frontend…");
  await new Promise<void>((resolve, reject) => {
    const child = spawn("npx", ["vite", "build", "--logLevel", "warn"], { cwd: FRONTEND_DIR, stdio: "inherit" });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
}
