import { spawn } from "node:child_process";
import { compiledOperatorCommand } from "../../server-bundle.ts";

/**
 * Runs an operator command as `npm run <name>` does, compiled (`node backend/dist/<name>.js`, built before the tests
 * by their global setup), with PATH and `env` as its whole environment, so that no developer's settings leak in.
 * Resolves with its exit code, its stdout and stderr together, and its process id.
 */
export function runOperatorCommand(
  name: Parameters<typeof compiledOperatorCommand>[0],
  args: string[],
  { env, cwd }: { env: Record<string, string | undefined>; cwd?: string },
): Promise<{ code: number; out: string; pid: number | undefined }> {
  const child = spawn(process.execPath, [compiledOperatorCommand(name), ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code: code ?? 1, out, pid: child.pid })));
}
