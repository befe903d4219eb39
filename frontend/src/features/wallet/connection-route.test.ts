import { afterEach, describe, expect, it, vi } from "vitest";
import {
  chooseConnectionRoute,
  DEEP_LINK_WAIT_SECONDS,
  DEFAULT_HINT,
  hintQrOverlay,
  METAMASK_BROWSER_HINT,
  MOBILE_HINT,
  QR_HINT,
  walletContextHint,
  watchDeepLink,
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

describe("watchDeepLink", () => {
  afterEach(() => vi.useRealTimers());

  it("when the page stays visible and focused, then it says nothing opened, once the wait is over", () => {
    vi.useFakeTimers();
    const nothingOpened = vi.fn();
    watchDeepLink(window, nothingOpened);
    vi.advanceTimersByTime(DEEP_LINK_WAIT_SECONDS * 1000 - 1);
    expect(nothingOpened).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(nothingOpened).toHaveBeenCalledOnce();
  });

  it.each(["blur", "pagehide", "visibilitychange"])(
    "when the page meets %s, then an app opened: nothing is said",
    (event) => {
      vi.useFakeTimers();
      const nothingOpened = vi.fn();
      watchDeepLink(window, nothingOpened);
      // As browsers do, visibilitychange is fired at the document and bubbles.
      (event === "visibilitychange" ? document : window).dispatchEvent(new Event(event, { bubbles: true }));
      vi.advanceTimersByTime(DEEP_LINK_WAIT_SECONDS * 1000);
      expect(nothingOpened).not.toHaveBeenCalled();
    },
  );
});

describe("hintQrOverlay", () => {
  it("when thirdweb's overlay appears, then its title is followed by the hint, once, until stopped", async () => {
    const stop = hintQrOverlay(document);
    const title = document.createElement("h3");
    title.textContent = "Scan to Connect";
    const overlay = document.createElement("div");
    overlay.append(title, document.createElement("canvas"));
    document.body.append(overlay);
    await vi.waitFor(() => expect(title.nextElementSibling?.textContent).toBe(QR_HINT));
    await Promise.resolve();
    expect(overlay.querySelectorAll("p")).toHaveLength(1);
    stop();
    overlay.remove();
  });
});
