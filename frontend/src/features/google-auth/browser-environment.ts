/**
 * Google answers `403 disallowed_useragent` to OAuth requests from embedded
 * browsers: wallets' in-app browsers and Android WebViews. Detecting them lets
 * the page say so up front instead of letting the popup fail.
 */
const EMBEDDED_BROWSER_PATTERNS = [
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

/**
 * A link that asks the phone to open `url` in its system browser: Chrome through an
 * Android intent, Safari through its URL scheme; elsewhere the plain URL.
 */
export function systemBrowserUrl(url: string, userAgent: string): string {
  const parsed = new URL(url);
  if (/Android/i.test(userAgent)) {
    const scheme = parsed.protocol.replace(":", "");
    return `intent://${parsed.host}${parsed.pathname}${parsed.search}#Intent;scheme=${scheme};action=android.intent.action.VIEW;end`;
  }
  if (/iPhone|iPad|iPod/i.test(userAgent)) return `x-safari-${url}`;
  return url;
}
