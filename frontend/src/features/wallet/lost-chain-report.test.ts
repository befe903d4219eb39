import { describe, expect, it } from "vitest";
import { isLostChainReport } from "./lost-chain-report.ts";

describe("isLostChainReport", () => {
  it("when the universal provider read getDefaultChain of a provider it has not made yet, then it is the lost chain report", () => {
    expect(isLostChainReport(new TypeError("Cannot read properties of undefined (reading 'getDefaultChain')"))).toBe(
      true,
    );
  });

  it("when any other error is unhandled, then it is not", () => {
    expect(isLostChainReport(new TypeError("Cannot read properties of undefined (reading 'request')"))).toBe(false);
    expect(isLostChainReport(new Error("Cannot read properties of undefined (reading 'getDefaultChain')"))).toBe(false);
    expect(isLostChainReport("getDefaultChain")).toBe(false);
  });
});
