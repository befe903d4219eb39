import { describe, expect, it } from "vitest";
import { slowestTestFiles } from "./slowest-test-files.ts";

const file = (name: string, seconds: number) => ({
  name: `/repo/${name}`,
  startTime: 1_000,
  endTime: 1_000 + seconds * 1000,
});

describe("slowestTestFiles", () => {
  it("when a report holds more files than asked for, then the slowest come first, relative to the root", () => {
    const report = { testResults: [file("a.test.ts", 1.25), file("b.test.ts", 30), file("c.test.ts", 4)] };
    expect(slowestTestFiles(report, "/repo", 2)).toEqual(["   30.0 s  b.test.ts", "    4.0 s  c.test.ts"]);
  });

  it("when a file has no times (it failed to load), then it is left out", () => {
    expect(slowestTestFiles({ testResults: [{ name: "/repo/broken.test.ts" }] }, "/repo")).toEqual([]);
  });
});
