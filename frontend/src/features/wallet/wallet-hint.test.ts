import { describe, expect, it } from "vitest";
import { DEFAULT_HINT, METAMASK_BROWSER_HINT, MOBILE_HINT, walletContextHint } from "./wallet-hint.ts";

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
