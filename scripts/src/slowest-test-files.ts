import path from "node:path";

/** The part of vitest's JSON report (Jest's format) that says how long each test file took. */
export interface VitestFileTimes {
  testResults?: Array<{ name: string; startTime?: number; endTime?: number }>;
}

/** The `count` slowest test files of a vitest JSON report, slowest first, as lines "12.3 s  path/to/file". */
export function slowestTestFiles(report: VitestFileTimes, root: string, count = 10): string[] {
  return (report.testResults ?? [])
    .flatMap(({ name, startTime, endTime }) =>
      startTime === undefined || endTime === undefined ? [] : [{ name, seconds: (endTime - startTime) / 1000 }],
    )
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ name, seconds }) => `${seconds.toFixed(1).padStart(7)} s  ${path.relative(root, name)}`);
}
