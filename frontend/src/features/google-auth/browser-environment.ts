/** Google refuses OAuth in apps' in-app browsers and Android WebViews: say so before a Google button fails. */
const EMBEDDED_BROWSER_PATTERNS = [
  /\bInstagram\b/i,
  /\bFBAN\/|\bFBAV\/|\bFB_IAB\b/, // Facebook and Messenger
  /\bLinkedInApp\b/i,
  /musical_ly|BytedanceWebview|\bTikTok\b/i, // TikTok, whose token runs on into its version
  /MetaMaskMobile|Trust\s?Wallet|\bTrust\/|Coinbase(Wallet|Browser)|OKApp|OKEx|Rainbow|BitKeep|Bitget|imToken|TokenPocket|Phantom/i, // wallets
  /; wv\)/, // Android WebView
];

export function isEmbeddedBrowser(userAgent: string) {
  return EMBEDDED_BROWSER_PATTERNS.some((pattern) => pattern.test(userAgent));
}

export function phonePlatform(userAgent: string) {
  if (/Android/i.test(userAgent)) return "android";
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "ios";
  return "other";
}

export function systemBrowserUrl(url: string, userAgent: string) {
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
