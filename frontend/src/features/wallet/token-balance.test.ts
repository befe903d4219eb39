import { describe, expect, it } from "vitest";
import { formatTokens } from "./token-balance.ts";

describe("formatTokens", () => {
  it.each([
    [0n, "0"],
    [250n * 10n ** 18n, "250"],
    [2505n * 10n ** 17n, "250.5"],
    [1_000_250n * 10n ** 18n + 12_345n * 10n ** 12n, "1,000,250.0123"],
  ])("when the amount is %s wei, then it reads %s TuBE", (amount, text) => {
    expect(formatTokens(amount)).toBe(text);
  });
});
