/**
 * What every operator command shares: `--help`, options parsed strictly (an unknown flag is an error), a clear
 * one-line error, and the exit code: 0 when everything passed, 1 otherwise.
 */
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";

export interface CommandSpec<O extends ParseArgsOptionsConfig> {
  usage: string;
  options: O;
}

/** Where a command reads its settings and writes its lines: its process's own, or a test's in the same process. */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  /** Standard output. */
  out(text: string): void;
  /** Standard error. */
  err(text: string): void;
}

export interface Command {
  /** Runs the command on `args` (what follows `npm run <name> --`) and resolves with its exit code. */
  run(args: string[], io: CommandIo): Promise<number>;
}

export function defineCommand<O extends ParseArgsOptionsConfig>(
  spec: CommandSpec<O>,
  main: (
    args: {
      values: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true }>>["values"];
      positionals: string[];
    },
    io: CommandIo,
  ) => Promise<boolean>,
): Command {
  return {
    async run(args, io) {
      let parsed;
      try {
        parsed = parseArgs({
          args,
          options: { ...spec.options, help: { type: "boolean", short: "h" } },
          allowPositionals: true,
          strict: true,
        });
      } catch (error) {
        io.err(`error: ${message(error)}\n\n${spec.usage}`);
        return 2;
      }
      if ((parsed.values as { help?: boolean }).help) {
        io.out(spec.usage);
        return 0;
      }
      try {
        return (await main({ values: parsed.values as never, positionals: parsed.positionals }, io)) ? 0 : 1;
      } catch (error) {
        io.err(`error: ${message(error)}`);
        return 1;
      }
    },
  };
}

/** Runs `command` as this process: its arguments, environment (.env included), output and exit code. */
export async function runAsProcess(command: Command): Promise<void> {
  process.exitCode = await command.run(process.argv.slice(2), {
    env: process.env,
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  });
}

export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export type CheckState = "pass" | "fail" | "skip" | "info";
const MARKS: Record<CheckState, string> = { pass: "✔", fail: "✘", skip: "–", info: "ℹ" };

/** One checklist line: `✔ name: detail`. */
export function printCheck(io: CommandIo, state: CheckState, name: string, detail: string): void {
  io.out(`${MARKS[state]} ${name}: ${detail}`);
}
