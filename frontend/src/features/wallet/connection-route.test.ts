import { describe, expect, it } from "vitest";
import {
  chooseConnectionRoute,
  DEFAULT_HINT,
  METAMASK_BROWSER_HINT,
  MOBILE_HINT,
  walletContextHint,
} from "./connection-route.ts";

describe("chooseConnectionRoute", () => {
  it("when MetaMask is installed, then it is chosen over other installed wallets", () => {
    expect(chooseConnectionRoute(["io.rabby", "io.metamask"], false)).toEqual({
      kind: "injected",
      walletId: "io.metamask",
    });
  });

  it("when only another wallet is installed, then that wallet is used", () => {
    expect(chooseConnectionRoute(["io.rabby"], false)).toEqual({
      kind: "injected",
      walletId: "io.rabby",
    });
  });

  it("when a phone browser has no wallet, then the MetaMask app is opened", () => {
    expect(chooseConnectionRoute([], true)).toEqual({
      kind: "metamask-app",
    });
  });

  it("when a desktop browser has no wallet, then WalletConnect is offered, with or without a project id", () => {
    expect(chooseConnectionRoute([], false)).toEqual({ kind: "walletconnect" });
  });
});

describe("walletContextHint", () => {
  it("when in MetaMask's browser, then the MetaMask hint is shown", () => {
    expect(walletContextHint("Mozilla/5.0 (iPhone) MetaMaskMobile", true)).toBe(METAMASK_BROWSER_HINT);
  });

  it("when on another mobile browser, then the mobile hint is shown", () => {
    expect(walletContextHint("Mozilla/5.0 (Android) Chrome", true)).toBe(MOBILE_HINT);
  });

  it("when on desktop, then the default hint is shown", () => {
    expect(walletContextHint("Mozilla/5.0 (X11)", false)).toBe(DEFAULT_HINT);
  });
});
