/** Summaries and Markdown tables for the bench: every figure is min / median / max over the rounds. */

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Spread {
  min: number;
  median: number;
  max: number;
}

function spread(values: readonly number[]): Spread {
  return { min: percentile(values, 0), median: percentile(values, 50), max: percentile(values, 100) };
}

/** "median (min–max)", the one way the bench prints a figure measured over rounds. */
export function formatSpread(values: readonly number[], digits = 0): string {
  const { min, median, max } = spread(values);
  return `${median.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;
}

export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}
