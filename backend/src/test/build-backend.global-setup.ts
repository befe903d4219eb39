import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { COMPILED_BACKEND } from "./compiled-backend.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
// What the build bundles: the backend and the workspace it imports, and the build script itself.
const SOURCES = ["backend/src", "common/src", "backend/package.json", "scripts/src/build-server.ts"];

/**
 * Builds backend/dist once per test run, only when it is missing or older than a source.
 * @public vitest's globalSetup calls it.
 */
export default function buildBackendWhenStale(): void {
  const builtAt = fs.statSync(COMPILED_BACKEND, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (SOURCES.every((source) => newestChange(path.join(ROOT, source)) < builtAt)) return;
  const build = spawnSync(process.execPath, ["--import", "tsx", "scripts/src/build-server.ts"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`building backend/dist failed:\n${build.stdout}${build.stderr}`);
}

function newestChange(file: string): number {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // Directories too: deleting a file changes only its directory. Tests are not part of the build.
  return fs
    .readdirSync(file, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        !entry.name.endsWith(".test.ts") && !path.relative(file, entry.parentPath).split(path.sep).includes("test"),
    )
    .reduce(
      (newest, entry) => Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
      stat.mtimeMs,
    );
}
