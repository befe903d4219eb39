/** `npm test`: vitest, then Playwright, with the typecheck and linters at the lowest priority beside them, each run
 * whatever failed before. The last line totals them: a failed check, or a runner failing outside any test, counts as
 * one failure. */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const CHECKS = ["typecheck", "lint:code", "lint:format", "lint:unused", "lint:settings"];
const total = [0, 0, 0];
const summary: string[] = [];
/** vitest's failed files and tests, repeated under the summary: CI may show only the run's tail. */
const failures: string[] = [];
const format = ([passed, failed, skipped]: number[]) => `${passed} passed, ${failed} failed, ${skipped} skipped`;
const failed = ({ status }: { status: string }) => status === "failed";
const report = (file: string) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {});

/**
 * `npm run <task> [-- args]` as `node --run`, in `cwd`; resolves with its exit code. A niced task takes only the CPU
 * the runners leave idle (their waits on blocks, polls and time-outs), and its output is held until it ends, as it
 * ends among theirs.
 */
function run(task: string, { niced = false, cwd = "." } = {}): Promise<number> {
  const command = [process.execPath, "--run", ...task.split(" ")];
  const child = niced
    ? spawn("nice", ["-n", "19", ...command], { cwd, stdio: ["ignore", "pipe", "pipe"] })
    : spawn(command[0]!, command.slice(1), { cwd, stdio: "inherit" });
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.once("error", () => resolve(1));
    child.once("exit", (code) => {
      if (output.length) process.stdout.write(`\n> ${task}\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });
}

/** Times a task and adds its [passed, failed, skipped], which `count` reads, to the summary. */
async function stage(task: string, exitCode: Promise<number>, count = (code: number) => (code ? [0, 1] : [1, 0])) {
  const startedAt = performance.now();
  const code = await exitCode;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0);
  const counted = count(code);
  const tally = [0, 1, 2].map((i) => Number(counted[i]) || 0);
  tally[1] ||= code ? 1 : 0;
  tally.forEach((n, i) => (total[i]! += n));
  summary.push(`  ${task.padEnd(14)} ${format(tally)} (${seconds} s)`);
}

fs.rmSync("test-results", { recursive: true, force: true });
// The frontend, for Playwright's server (which builds it if this failed), then the checks, all in the runners' idle time.
const frontendBuilt = run("build -- --logLevel error", { niced: true, cwd: "frontend" }).then((code) => code === 0);
const checks = frontendBuilt.then(() => Promise.all(CHECKS.map((task) => stage(task, run(task, { niced: true })))));
await stage("test:unit", run("test:unit"), () => {
  const vitest = report("test-results/vitest.json");
  for (const file of vitest.testResults?.filter(failed) ?? []) {
    const tests = file.assertionResults.filter(failed).map((test: { fullName: string }) => test.fullName);
    const why = [file.message, ...tests].filter(Boolean).join("; ") || "a hook failed";
    failures.push(`  ${path.relative(".", file.name)}: ${why}`);
  }
  return [vitest.numPassedTests, vitest.numFailedTests, vitest.numPendingTests + vitest.numTodoTests];
});
if (await frontendBuilt) process.env.E2E_PREBUILT = "1";
await stage("test:e2e", run("test:e2e"), () => {
  const { expected, flaky, unexpected, skipped } = report("test-results/playwright.json").stats ?? {};
  return [expected + flaky, unexpected, skipped];
});
await checks;
console.log(`\nSummary\n${[...summary, ...failures].join("\n")}\n${format(total)}`);
process.exitCode = total[1] === 0 ? 0 : 1;
