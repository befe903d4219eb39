import { describe, expect, it } from "vitest";
import {
  connectTimedOut,
  describeConnectError,
  inlineConnectError,
  NoAccountsError,
  noWalletApp,
  redirectLoginFailure,
  requestInjectedAccounts,
} from "./wallet-errors.ts";

describe("describeConnectError", () => {
  it("when the visitor rejects (4001), then the toast is Connection Rejected", () => {
    expect(describeConnectError({ code: 4001, message: "User rejected the request." })).toEqual({
      title: "Connection Rejected",
      description: "You rejected the connection request.",
    });
  });

  it("when a wallet reached through WalletConnect rejects with its own code, then its text still tells a rejection", () => {
    expect(describeConnectError(Object.assign(new Error("User rejected."), { code: 5000 })).title).toBe(
      "Connection Rejected",
    );
  });

  it("when the wallet already shows a request (MetaMask's -32002), then the visitor is sent to that request", () => {
    const pending = { code: -32002, message: "Request of type 'wallet_requestPermissions' already pending" };
    expect(describeConnectError(pending)).toEqual({
      title: "Connection Failed",
      description:
        "Your wallet is already showing a connection request. Open your wallet to approve or reject it, then try again.",
    });
  });

  it("when the wallet returns no accounts, then it asks to unlock the wallet", () => {
    expect(describeConnectError(new NoAccountsError("none"))).toEqual({
      title: "Connection Failed",
      description: "No accounts found. Please unlock your wallet.",
    });
  });

  it("when no wallet answered a WalletConnect proposal before it expired, then the visitor is told to press Connect Wallet for a new code", () => {
    const expired = {
      title: "Connection Request Expired",
      description:
        "No wallet accepted the connection request within 5 minutes, so its code has expired. Press Connect Wallet for a new one.",
    };
    expect(describeConnectError(new Error("Proposal expired"))).toEqual(expired);
    expect(describeConnectError({ message: "Proposal expired", code: 0 })).toEqual(expired);
  });

  it("when anything else fails, then the wallet's own message is shown, or the default", () => {
    expect(describeConnectError(new Error("Provider exploded"))).toEqual({
      title: "Connection Failed",
      description: "Provider exploded",
    });
    expect(describeConnectError({ code: -32603, message: "Internal JSON-RPC error." }).description).toBe(
      "Internal JSON-RPC error.",
    );
    expect(describeConnectError({})).toEqual({ title: "Connection Failed", description: "Failed to connect wallet." });
    expect(describeConnectError(new Error(""))).toEqual({
      title: "Connection Failed",
      description: "Failed to connect wallet.",
    });
  });
});

describe("requestInjectedAccounts", () => {
  it("when the wallet answers an empty list, then it fails as a locked wallet", async () => {
    const error = await requestInjectedAccounts({ request: () => Promise.resolve([]) }).catch(
      (cause: unknown) => cause,
    );
    expect(describeConnectError(error).description).toBe("No accounts found. Please unlock your wallet.");
  });

  it("when the wallet refuses, then its own error comes through unchanged", async () => {
    const refusal = { code: -32002, message: "already pending" };
    await expect(requestInjectedAccounts({ request: () => Promise.reject(refusal) })).rejects.toBe(refusal);
  });

  it("when the wallet answers an account, then nothing fails", async () => {
    await expect(requestInjectedAccounts({ request: () => Promise.resolve(["0xabc"]) })).resolves.toBeUndefined();
  });
});

describe("inlineConnectError", () => {
  it("when the connect fails without a message, then the inline text is 'Failed to connect wallet' with no period", () => {
    expect(inlineConnectError({})).toBe("Failed to connect wallet");
    expect(inlineConnectError(new Error("Provider exploded"))).toBe("Provider exploded");
  });
});

describe("connectTimedOut", () => {
  it("when a wallet does not answer in time, then the text names the time and the ways on", () => {
    expect(connectTimedOut("wallet", true)).toEqual({
      title: "Wallet Not Responding",
      description:
        "Your wallet did not answer within 30 seconds. Open your wallet to approve the request, try again, or sign in with Google to create a wallet instead.",
    });
    expect(connectTimedOut("wallet", false).description).toBe(
      "Your wallet did not answer within 30 seconds. Open your wallet to approve the request, or try again.",
    );
  });

  it("when Google sign-in does not finish in time, then the text says so", () => {
    expect(connectTimedOut("google", true)).toEqual({
      title: "Sign-in Timed Out",
      description:
        "Google sign-in did not finish within 30 seconds. Please try again, or connect a wallet you already have.",
    });
  });
});

describe("noWalletApp", () => {
  it("when a phone's deep link opened no app, then the text says so and offers Google or a wallet to install", () => {
    expect(noWalletApp(true)).toEqual({
      title: "No Wallet App Found",
      description:
        "No wallet app opened on this phone. Sign in with Google to create a wallet instead, or install a wallet app such as MetaMask.",
    });
    expect(noWalletApp(false).description).toBe(
      "No wallet app opened on this phone. Install a wallet app such as MetaMask, then press Connect Wallet again.",
    );
  });
});

describe("redirectLoginFailure", () => {
  it.each([
    ["abandoned", "not-tried", "Google Sign-in Cancelled"],
    ["abandoned", "connected", "Google Sign-in Cancelled"],
    ["credential", "not-tried", "Google Sign-in Expired"],
    ["credential", "pending", "Sign-in Timed Out"],
    ["credential", "failed", "Google Sign-in Failed"],
  ] as const)(
    "when the page came back with %s and the restore was %s, then the toast is %s",
    (returned, restore, title) => {
      expect(redirectLoginFailure(returned, restore)?.title).toBe(title);
    },
  );

  it("when the page came back with its credential and the wallet connected, then nothing is wrong", () => {
    expect(redirectLoginFailure("credential", "connected")).toBeNull();
  });

  it("when the restore was still running as the page gave up, then the text names the page's time-out", () => {
    expect(redirectLoginFailure("credential", "pending")?.description).toContain("within 30 seconds");
  });
});
