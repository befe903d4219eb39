import { describe, expect, it } from "vitest";
import { describeConnectError, inlineConnectError } from "./wallet-errors.ts";

describe("describeConnectError", () => {
  it("when the visitor rejects (4001), then the toast is Connection Rejected", () => {
    expect(describeConnectError({ code: 4001, message: "User rejected the request." })).toEqual({
      title: "Connection Rejected",
      description: "You rejected the connection request.",
    });
  });

  it("when the wallet returns no accounts, then it asks to unlock the wallet", () => {
    expect(describeConnectError(new Error("Failed to connect to wallet, no accounts available"))).toEqual({
      title: "Connection Failed",
      description: "No accounts found. Please unlock your wallet.",
    });
  });

  it("when anything else fails, then its message is shown, or the default", () => {
    expect(describeConnectError(new Error("Provider exploded"))).toEqual({
      title: "Connection Failed",
      description: "Provider exploded",
    });
    expect(describeConnectError({})).toEqual({ title: "Connection Failed", description: "Failed to connect wallet." });
  });
});

describe("inlineConnectError", () => {
  it("when the connect fails without a message, then the inline text is 'Failed to connect wallet' with no period", () => {
    expect(inlineConnectError({})).toBe("Failed to connect wallet");
    expect(inlineConnectError(new Error("Provider exploded"))).toBe("Provider exploded");
  });
});
