import { describe, expect, it } from "vitest";
import { csvField } from "./csv.ts";

describe("csvField", () => {
  it.each([
    ['=HYPERLINK("https://evil.example","x")', '"\'=HYPERLINK(""https://evil.example"",""x"")"'],
    ["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1", "'\t=1"],
    ["\r=1", '"\'\r=1"'],
  ])("when a cell starts like a formula (%j), then it gets a leading quote and stays text", (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it.each([
    ["viewer@example.com", "viewer@example.com"],
    ["2026-11-01T00:00:00.000Z", "2026-11-01T00:00:00.000Z"],
    [3, "3"],
    [null, ""],
    ["a, b", '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
  ])("when a cell is plain (%j), then it is written as RFC 4180 says", (value, field) => {
    expect(csvField(value)).toBe(field);
  });
});
