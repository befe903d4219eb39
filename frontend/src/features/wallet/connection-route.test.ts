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
    expect(
      chooseConnectionRoute({
        installedWalletIds: ["io.rabby", "io.metamask"],
        isMobile: false,
      }),
    ).toEqual({ kind: "injected", walletId: "io.metamask" });
  });

  it("when only another wallet is installed, then that wallet is used", () => {
    expect(chooseConnectionRoute({ installedWalletIds: ["io.rabby"], isMobile: false })).toEqual({
      kind: "injected",
      walletId: "io.rabby",
    });
  });

  it("when a phone browser has no wallet, then the MetaMask app is opened", () => {
    expect(chooseConnectionRoute({ installedWalletIds: [], isMobile: true })).toEqual({
      kind: "metamask-app",
    });
  });

  it("when a desktop browser has no wallet, then WalletConnect is offered, with or without a project id", () => {
    expect(chooseConnectionRoute({ installedWalletIds: [], isMobile: false })).toEqual({ kind: "walletconnect" });
  });
});

describe("walletContextHint", () => {
  it("when in MetaMask's browser, then the MetaMask hint is shown", () => {
    expect(walletContextHint({ userAgent: "Mozilla/5.0 (iPhone) MetaMaskMobile", isMobile: true })).toBe(
      METAMASK_BROWSER_HINT,
    );
  });

  it("when on another mobile browser, then the mobile hint is shown", () => {
    expect(walletContextHint({ userAgent: "Mozilla/5.0 (Android) Chrome", isMobile: true })).toBe(MOBILE_HINT);
  });

  it("when on desktop, then the default hint is shown", () => {
    expect(walletContextHint({ userAgent: "Mozilla/5.0 (X11)", isMobile: false })).toBe(DEFAULT_HINT);
  });
});
