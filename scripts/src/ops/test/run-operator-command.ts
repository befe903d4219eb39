import { spawn } from "node:child_process";
import path from "node:path";
import type { Command } from "../cli.ts";
import { claimsCommand } from "../claims-command.ts";
import { deployTokenCommand } from "../deploy-token-command.ts";
import { doctorCommand } from "../doctor-command.ts";

/** What a run came to: its exit code, its standard output and error together, and the process it ran in. */
export interface CommandRun {
  code: number;
  out: string;
  pid: number | undefined;
}

type OperatorCommandName = "claims" | "doctor" | "deploy-token";

const COMMANDS: Record<OperatorCommandName, Command> = {
  claims: claimsCommand,
  doctor: doctorCommand,
  "deploy-token": deployTokenCommand,
};

/**
 * Runs an operator command as `npm run <name>` does (`node scripts/src/ops/<name>.ts`), with PATH and `env` as its
 * whole environment, so that no developer's settings leak in. A process costs a second or two of CPU, mostly loading
 * thirdweb's SDK: `runOperatorCommandHere` runs the same command in the test's own process; this is for what only the
 * real command line shows.
 */
export function runOperatorCommand(
  name: OperatorCommandName,
  args: string[],
  { env, cwd }: { env: Record<string, string | undefined>; cwd?: string },
): Promise<CommandRun> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, `../${name}.ts`), ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code: code ?? 1, out, pid: child.pid })));
}

/**
 * Runs an operator command in this process, with `env` as its whole environment (no .env is read), its standard
 * output and error gathered as the process's would be.
 */
export async function runOperatorCommandHere(
  name: OperatorCommandName,
  args: string[],
  { env }: { env: Record<string, string | undefined> },
): Promise<CommandRun> {
  let out = "";
  const line = (text: string) => (out += `${text}\n`);
  const code = await COMMANDS[name].run(args, { env: { ...env }, out: line, err: line });
  return { code, out, pid: process.pid };
}
