/**
 * What every operator command shares: `--help`, options parsed strictly (an unknown flag is an error), a clear
 * one-line error, and the exit code: 0 when everything passed, 1 otherwise.
 */
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";

export interface CommandSpec<O extends ParseArgsOptionsConfig> {
  usage: string;
  options: O;
}

export async function runCommand<O extends ParseArgsOptionsConfig>(
  spec: CommandSpec<O>,
  main: (args: {
    values: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true }>>["values"];
    positionals: string[];
  }) => Promise<boolean>,
): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: { ...spec.options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    console.error(`error: ${message(error)}\n\n${spec.usage}`);
    process.exit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(spec.usage);
    return;
  }
  try {
    const ok = await main({ values: parsed.values as never, positionals: parsed.positionals });
    process.exitCode = ok ? 0 : 1;
  } catch (error) {
    console.error(`error: ${message(error)}`);
    process.exitCode = 1;
  }
}

export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export type CheckState = "pass" | "fail" | "skip" | "info";
const MARKS: Record<CheckState, string> = { pass: "✔", fail: "✘", skip: "–", info: "ℹ" };

/** One checklist line: `✔ name: detail`. */
export function printCheck(state: CheckState, name: string, detail: string): void {
  console.log(`${MARKS[state]} ${name}: ${detail}`);
}
