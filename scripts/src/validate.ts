/**
 * `npm test`: everything CI checks, in order: typecheck, lint, unit and
 * integration tests (vitest), end-to-end tests (Playwright). Every stage runs
 * even when an earlier one failed, and the last line totals all of them as
 * "N passed, N failed" (a failed typecheck or lint counts as one failure). The vitest stage ends with its ten
 * slowest test files, the first place to look when the run gets slower.
 * Lint is ESLint, Prettier's check and knip (no unused file, dependency or export), so style is never reviewed by
 * hand.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
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

async function readJson<T>(file: string): Promise<T | null> {
  return fs.readFile(file, "utf8").then(
    (text) => JSON.parse(text) as T,
    () => null,
  );
}

async function checkStage(command: string, args: string[]): Promise<Tally> {
  const code = await run(command, args);
  return code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
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

await fs.mkdir(REPORT_DIR, { recursive: true });
const stages: Array<[string, () => Promise<Tally>]> = [
  ["typecheck", () => checkStage("npm", ["run", "--silent", "typecheck"])],
  ["lint", () => checkStage("npm", ["run", "--silent", "lint"])],
  ["unit + integration", vitestStage],
  ["end-to-end", playwrightStage],
];

const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const summary: string[] = [];
for (const [name, stage] of stages) {
  const tally = await stage();
  total.passed += tally.passed;
  total.failed += tally.failed;
  total.skipped += tally.skipped;
  summary.push(`  ${name.padEnd(20)} ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
}
console.log(`\nSummary\n${summary.join("\n")}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed === 0 ? 0 : 1;
