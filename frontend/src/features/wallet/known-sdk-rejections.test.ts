import { describe, expect, it } from "vitest";
import { isKnownSdkRejection } from "./known-sdk-rejections.ts";

describe("isKnownSdkRejection", () => {
  it("when the universal provider read getDefaultChain of a provider it has not made yet, then it is known", () => {
    expect(isKnownSdkRejection(new TypeError("Cannot read properties of undefined (reading 'getDefaultChain')"))).toBe(
      true,
    );
  });

  it("when thirdweb ends a session the wallet has already ended, then it is known", () => {
    expect(isKnownSdkRejection(new Error("Please call connect() before enable()"))).toBe(true);
  });

  it("when the expired proposal's promise kept for later callers rejects unhandled, then it is known", () => {
    expect(isKnownSdkRejection(new Error("Proposal expired"))).toBe(true);
  });

  it("when any other error is unhandled, then it is not", () => {
    expect(isKnownSdkRejection(new TypeError("Cannot read properties of undefined (reading 'request')"))).toBe(false);
    expect(isKnownSdkRejection(new Error("Session not initialized. Please call connect() before enable()"))).toBe(
      false,
    );
    expect(isKnownSdkRejection("getDefaultChain")).toBe(false);
  });
});
