/** `npm test`: typecheck and linters side by side, then vitest, then Playwright, each whatever failed before. The last
 * line totals them: a failed check, or a runner failing outside any test, counts as one failure. */
import { spawn } from "node:child_process";
import fs from "node:fs";
import runAll, { type NpmRunAllResult } from "npm-run-all2";

const total = [0, 0, 0];
const summary: string[] = [];
const format = ([passed, failed, skipped]: number[]) => `${passed} passed, ${failed} failed, ${skipped} skipped`;
const report = (file: string) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {});

/** Side by side if several; `count` reads a task's [passed, failed, skipped]. */
async function stage(tasks: string[], count = (code: number) => (code ? [0, 1] : [1, 0])) {
  const startedAt = performance.now();
  const parallel = tasks.length > 1;
  const options = { parallel, aggregateOutput: parallel, continueOnError: true, printName: true, nodeRun: true };
  const results = await runAll(tasks, { ...options, stdout: process.stdout, stderr: process.stderr }).then(
    (results) => results ?? [],
    (error: { results?: NpmRunAllResult[] }) => error.results ?? tasks.map((name) => ({ name, code: 1 })),
  );
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0);
  for (const { name, code = 1 } of results) {
    const counted = count(code);
    const tally = [0, 1, 2].map((i) => Number(counted[i]) || 0);
    tally[1] ||= code ? 1 : 0;
    tally.forEach((n, i) => (total[i]! += n));
    summary.push(`  ${name.padEnd(14)} ${format(tally)} (${seconds} s)`);
  }
}

fs.rmSync("test-results", { recursive: true, force: true });
// Built on the cores the checks and vitest leave idle, for Playwright's server (which builds it if this failed).
const frontendBuilt = new Promise<boolean>((resolve) =>
  spawn("nice", ["-n", "19", "npx", "vite", "build", "--logLevel", "error"], { cwd: "frontend", stdio: "inherit" })
    .once("exit", (code) => resolve(code === 0))
    .once("error", () => resolve(false)),
);
await stage(["typecheck", "lint:code", "lint:format", "lint:unused", "lint:settings"]);
await stage(["test:unit"], () => {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = report("test-results/vitest.json");
  return [numPassedTests, numFailedTests, numPendingTests + numTodoTests];
});
if (await frontendBuilt) process.env.E2E_PREBUILT = "1";
await stage(["test:e2e"], () => {
  const { expected, flaky, unexpected, skipped } = report("test-results/playwright.json").stats ?? {};
  return [expected + flaky, unexpected, skipped];
});
console.log(`\nSummary\n${summary.join("\n")}\n${format(total)}`);
process.exitCode = total[1] === 0 ? 0 : 1;
