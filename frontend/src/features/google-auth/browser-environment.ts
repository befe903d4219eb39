/** Google refuses OAuth in apps' in-app browsers and Android WebViews: the page says so before a Google button fails. */
const EMBEDDED_BROWSER_PATTERNS = [
  /\bInstagram\b/i,
  /\bFBAN\/|\bFBAV\/|\bFB_IAB\b/, // Facebook and Messenger
  /\bLinkedInApp\b/i,
  /musical_ly|BytedanceWebview|\bTikTok\b/i, // TikTok, whose token runs on into its version
  /MetaMaskMobile/i,
  /Trust\s?Wallet|\bTrust\//i,
  /CoinbaseWallet|CoinbaseBrowser/i,
  /OKApp|OKEx/i,
  /Rainbow/i,
  /BitKeep|Bitget/i,
  /imToken/i,
  /TokenPocket/i,
  /Phantom/i,
  /; wv\)/, // Android WebView
];

export function isEmbeddedBrowser(userAgent: string): boolean {
  return EMBEDDED_BROWSER_PATTERNS.some((pattern) => pattern.test(userAgent));
}

export type PhonePlatform = "ios" | "android" | "other";

/** Which phone's system browser to point the visitor at: Safari on iOS, Chrome on Android. */
export function phonePlatform(userAgent: string): PhonePlatform {
  if (/Android/i.test(userAgent)) return "android";
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "ios";
  return "other";
}

/** A link that opens `url` in the phone's system browser: an Android intent, Safari's URL scheme, else the URL. */
export function systemBrowserUrl(url: string, userAgent: string): string {
  const parsed = new URL(url);
  switch (phonePlatform(userAgent)) {
    case "android": {
      const scheme = parsed.protocol.replace(":", "");
      return `intent://${parsed.host}${parsed.pathname}${parsed.search}#Intent;scheme=${scheme};action=android.intent.action.VIEW;end`;
    }
    case "ios":
      return `x-safari-${url}`;
    case "other":
      return url;
  }
}
