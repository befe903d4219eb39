/** Summaries, Markdown tables and waits for the bench. */
import { setTimeout as sleep } from "node:timers/promises";

export function percentile(values: readonly number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** "median (min–max)" over the rounds. */
export function formatSpread(values: readonly number[], digits = 0) {
  const [min, median, max] = [0, 50, 100].map((p) => percentile(values, p).toFixed(digits));
  return `${median} (${min}–${max})`;
}

export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>) {
  return [header, header.map(() => "---"), ...rows].map((row) => `| ${row.join(" | ")} |`).join("\n");
}

export const verdict = (met: boolean) => (met ? "**met**" : "**missed**");

export function spreadOf<T>(results: readonly T[], figure: (result: T) => number, digits = 0) {
  return formatSpread(results.map(figure), digits);
}

/** Throws if `child` exits first. */
export async function untilReady(url: string, child: { exitCode: number | null }, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while ((await fetch(`${url}/readyz`).catch(() => null))?.status !== 200) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}) before it was ready`);
    if (Date.now() > deadline) throw new Error(`${url}/readyz did not answer 200 within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}
