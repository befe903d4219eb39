/**
 * `npm test`: everything CI checks, in order: typecheck, lint, unit and
 * integration tests (vitest), end-to-end tests (Playwright). Every stage runs
 * even when an earlier one failed, and the last line totals all of them as
 * "N passed, N failed" (a failed typecheck, lint or frontend build counts as one failure). The vitest stage ends with
 * its ten slowest test files, the first place to look when the run gets slower; the frontend the end-to-end tests
 * serve is built beside it.
 * Lint is ESLint, Prettier's check and knip (no unused file, dependency or export), so style is never reviewed by
 * hand. The typecheck and the three linters run side by side: each linter keeps one core busy and the typecheck
 * (TypeScript 7) uses both, so on two cores together they take about half their CPU time (docs/benchmarks/test-suite.md);
 * their output is held and printed whole, one after the other. Each stage's line in the summary says how long it took.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { buildFrontendIfStale } from "./build-frontend.ts";
import { slowestTestFiles, type VitestFileTimes } from "./slowest-test-files.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const REPORT_DIR = path.join(ROOT, "test-results");

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command with its output held, for a stage that runs beside another: printed whole once it ends. */
function runHeld(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: process.env });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.once("close", (code, signal) => {
      process.stdout.write(`\n$ ${command} ${args.join(" ")}\n${Buffer.concat(output).toString()}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function readJson<T>(file: string): Promise<T | null> {
  return fs.readFile(file, "utf8").then(
    (text) => JSON.parse(text) as T,
    () => null,
  );
}

async function checkStage(command: string, args: string[]): Promise<Tally> {
  return oneCheck((await runHeld(command, args)) === 0);
}

/** A stage that is one check, not a set of tests: it counts as one pass or one failure. */
function oneCheck(passed: boolean): Tally {
  return passed ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
}

/**
 * The frontend the end-to-end stage serves, built beside vitest: vitest leaves part of a core idle while its
 * integration files wait on their local worlds, and Playwright's server then starts on a fresh build instead of
 * making one.
 */
async function frontendBuildStage(): Promise<Tally> {
  return buildFrontendIfStale((line) => console.log(`[build] ${line}`)).then(
    () => oneCheck(true),
    (error: unknown) => {
      console.error(`[build] ${String(error)}`);
      return oneCheck(false);
    },
  );
}

async function vitestStage(): Promise<Tally> {
  const file = path.join(REPORT_DIR, "vitest.json");
  await fs.rm(file, { force: true });
  const code = await run("npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${file}`,
  ]);
  const report = await readJson<
    VitestFileTimes & {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    }
  >(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  console.log(`\nSlowest test files\n${slowestTestFiles(report, ROOT).join("\n")}`);
  // A crash outside any test (a failing suite import) fails the stage without failing a test.
  const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return { passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests };
}

async function playwrightStage(): Promise<Tally> {
  const file = path.join(REPORT_DIR, "playwright.json");
  await fs.rm(file, { force: true });
  const code = await run("npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  const report = await readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
    file,
  );
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  const failed = report.stats.unexpected + (code !== 0 && report.stats.unexpected === 0 ? 1 : 0);
  return { passed: report.stats.expected + report.stats.flaky, failed, skipped: report.stats.skipped };
}

/** Runs a stage and adds its line to the summary, with how long it took. */
async function timed(name: string, stage: () => Promise<Tally>): Promise<Tally & { line: string }> {
  const startedAt = performance.now();
  const tally = await stage();
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0);
  const line = `  ${name.padEnd(20)} ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped (${seconds} s)`;
  return { ...tally, line };
}

await fs.mkdir(REPORT_DIR, { recursive: true });
// Each group's stages run side by side; the groups run one after the other.
const groups: Array<Array<[string, () => Promise<Tally>]>> = [
  [
    ["typecheck", () => checkStage("npm", ["run", "--silent", "typecheck"])],
    ["lint: ESLint", () => checkStage("npm", ["run", "--silent", "lint:code"])],
    ["lint: Prettier", () => checkStage("npm", ["run", "--silent", "lint:format"])],
    ["lint: knip", () => checkStage("npm", ["run", "--silent", "lint:unused"])],
    ["lint: settings", () => checkStage("npm", ["run", "--silent", "lint:settings"])],
  ],
  [
    ["unit + integration", vitestStage],
    ["frontend build", frontendBuildStage],
  ],
  [["end-to-end", playwrightStage]],
];

const startedAt = performance.now();
const results: Array<Tally & { line: string }> = [];
for (const group of groups) results.push(...(await Promise.all(group.map(([name, stage]) => timed(name, stage)))));
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
for (const result of results) {
  total.passed += result.passed;
  total.failed += result.failed;
  total.skipped += result.skipped;
}
const minutes = (performance.now() - startedAt) / 60_000;
console.log(`\nSummary\n${results.map((result) => result.line).join("\n")}\n  all in ${minutes.toFixed(1)} min`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed === 0 ? 0 : 1;
