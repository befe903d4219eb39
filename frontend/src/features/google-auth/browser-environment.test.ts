import { describe, expect, it } from "vitest";
import { isEmbeddedBrowser, systemBrowserUrl } from "./browser-environment.ts";

const METAMASK_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 MetaMaskMobile";
const METAMASK_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 WebView MetaMaskMobile";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const SAFARI_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

describe("browser environment", () => {
  it("when the page runs in MetaMask's or another wallet's browser, then it is embedded", () => {
    expect(isEmbeddedBrowser(METAMASK_ANDROID)).toBe(true);
    expect(isEmbeddedBrowser(METAMASK_IOS)).toBe(true);
    expect(isEmbeddedBrowser("Mozilla/5.0 (iPhone) CoinbaseWallet/28.0")).toBe(true);
  });

  it("when the page runs in Chrome or Safari, then it is not embedded", () => {
    expect(isEmbeddedBrowser(CHROME_ANDROID)).toBe(false);
    expect(isEmbeddedBrowser(SAFARI_IOS)).toBe(false);
  });

  it("when asking for the system browser, then Android gets an intent and iOS Safari's scheme", () => {
    const url = "https://tube.example/claim?x=1";
    expect(systemBrowserUrl(url, METAMASK_ANDROID)).toBe(
      "intent://tube.example/claim?x=1#Intent;scheme=https;action=android.intent.action.VIEW;end",
    );
    expect(systemBrowserUrl(url, METAMASK_IOS)).toBe("x-safari-https://tube.example/claim?x=1");
    expect(systemBrowserUrl(url, "Mozilla/5.0 (X11; Linux x86_64)")).toBe(url);
  });
});
