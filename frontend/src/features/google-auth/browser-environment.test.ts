import { describe, expect, it } from "vitest";
import { isEmbeddedBrowser, phonePlatform, systemBrowserUrl } from "./browser-environment.ts";

const METAMASK_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 MetaMaskMobile";
const METAMASK_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 WebView MetaMaskMobile";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const SAFARI_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const IOS_WEBKIT = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)";
const ANDROID_WEBVIEW =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36";
/** What each app's in-app browser sends, as the apps write it. */
const IN_APP_BROWSERS = {
  "Instagram on iOS": `${IOS_WEBKIT} Mobile/15E148 Instagram 329.0.0.29.120 (iPhone15,3; iOS 17_4; en_US; en; scale=3.00; 1290x2796; 599467431)`,
  "Facebook on iOS": `${IOS_WEBKIT} Mobile/15E148 [FBAN/FBIOS;FBAV/458.0.0.40.107;FBBV/603458310;FBDV/iPhone15,3;FBMD/iPhone;FBSN/iOS;FBSV/17.4;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]`,
  "LinkedIn on iOS": `${IOS_WEBKIT} Mobile/15E148 [LinkedInApp]/9.29.8960`,
  "TikTok on iOS": `${IOS_WEBKIT} Mobile/15E148 musical_ly_34.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US WKWebView/1 BytedanceWebview/d8a21c6`,
  "Instagram on Android": `${ANDROID_WEBVIEW} Instagram 329.0.0.41.93 Android (34/14; 420dpi; 1080x2400; Google; Pixel 8; shiba; shiba; en_US; 599467431)`,
  "Facebook on Android": `${ANDROID_WEBVIEW} [FB_IAB/FB4A;FBAV/458.0.0.41.108;]`,
  "TikTok on Android": `${ANDROID_WEBVIEW} trill_340103 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/34.1.3 ByteLocale/en BytedanceWebview/d8a21c6`,
  "an Android app's WebView": ANDROID_WEBVIEW,
};
const CHROME_IOS = `${IOS_WEBKIT} CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1`;
const FIREFOX_DESKTOP = "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0";

describe("browser environment", () => {
  it.each(Object.entries(IN_APP_BROWSERS))("when the page runs in %s, then it is embedded", (_app, userAgent) => {
    expect(isEmbeddedBrowser(userAgent)).toBe(true);
  });

  it("when the page runs in Chrome on iOS or a desktop browser, then it is not embedded", () => {
    expect(isEmbeddedBrowser(CHROME_IOS)).toBe(false);
    expect(isEmbeddedBrowser(FIREFOX_DESKTOP)).toBe(false);
  });

  it("when asking for the phone's platform, then iOS apps are iOS, Android apps Android, and desktops other", () => {
    expect(phonePlatform(IN_APP_BROWSERS["Instagram on iOS"])).toBe("ios");
    expect(phonePlatform(IN_APP_BROWSERS["TikTok on Android"])).toBe("android");
    expect(phonePlatform(FIREFOX_DESKTOP)).toBe("other");
  });

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
