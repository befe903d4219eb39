import fs from "node:fs";
import path from "node:path";

/**
 * The latest change time among `paths` and everything below them, for deciding whether a build is stale. Directories
 * count too (deleting a file changes only its directory); tests do not, as no build includes them: `*.test.ts(x)`
 * files and `test` directories, themselves included, as a directory's time changes whenever a file in it is written.
 * A path that does not exist counts as never changed.
 */
export function newestChange(paths: string[]): number {
  return Math.max(0, ...paths.map(newestChangeBelow));
}

function newestChangeBelow(file: string): number {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(file, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        !/\.test\.tsx?$/.test(entry.name) &&
        !path.relative(file, path.join(entry.parentPath, entry.name)).split(path.sep).includes("test"),
    )
    .reduce(
      (newest, entry) => Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
      stat.mtimeMs,
    );
}
