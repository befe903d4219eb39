/**
 * Whether thirdweb has a wallet to restore on this visit, read without loading
 * the SDK: the wallet module must then load at once so AutoConnect can finish
 * (ADR 13). The names are thirdweb v5's own: the connection manager's storage
 * keys (thirdweb/dist/esm/wallets/manager/index.js) and the parameters the
 * in-app and ecosystem wallets' redirect login returns with
 * (wallets/in-app/web/lib/get-url-token.js).
 */
const CONNECTED_WALLET_KEYS = ["thirdweb:connected-wallet-ids", "thirdweb:active-wallet-id"];

export function hasWalletToRestore(location: Pick<Location, "search" | "hash">): boolean {
  return redirectLoginReturn(location) !== null || hasConnectedWallet();
}

/**
 * How the page came back from the ecosystem wallet's redirect login: with its session credential (`authResult` or
 * `authCookie`, beside `walletId`), or without one (`walletId` and `authProvider` only: the visitor cancelled or
 * refused consent, and the SDK reads nothing); null when it did not. The module then loads at once either way, to
 * finish the login or to say why it did not.
 */
export function redirectLoginReturn({
  search,
  hash,
}: Pick<Location, "search" | "hash">): "credential" | "abandoned" | null {
  const hashQuery = hash.includes("?") ? hash.slice(hash.indexOf("?")) : "";
  const all = [new URLSearchParams(search), new URLSearchParams(hashQuery)];
  const has = (name: string) => all.some((params) => params.has(name));
  if (!has("walletId")) return null;
  if (has("authResult") || has("authCookie")) return "credential";
  return has("authProvider") ? "abandoned" : null;
}

/** The address carries the redirect login's session credential (`authResult` or `authCookie`, with `walletId`). */
export function isReturningFromRedirectLogin(location: Pick<Location, "search" | "hash">): boolean {
  return redirectLoginReturn(location) === "credential";
}

function hasConnectedWallet(): boolean {
  try {
    return CONNECTED_WALLET_KEYS.some((key) => {
      const value = localStorage.getItem(key);
      return value !== null && value !== "[]" && value !== "";
    });
  } catch {
    // Storage refused (private mode): thirdweb cannot have stored anything either.
    return false;
  }
}
