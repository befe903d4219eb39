import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const COMPILED_SERVER = path.join(ROOT, "backend/dist/index.js");

/**
 * Runs `node backend/dist/index.js` as production does (no tsx, no stand-ins), passing signals on; resolves to its
 * exit code. The build is not run here: production serves what `npm run build` produced, or nothing.
 */
export async function runCompiledServer(log: (line: string) => void): Promise<number> {
  if (!fs.existsSync(COMPILED_SERVER)) {
    log(`${path.relative(ROOT, COMPILED_SERVER)} is missing: run \`npm run build\` first`);
    return 1;
  }
  log(`production: node ${path.relative(ROOT, COMPILED_SERVER)} (no stand-ins)`);
  const child = spawn(process.execPath, ["--enable-source-maps", COMPILED_SERVER], {
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}
