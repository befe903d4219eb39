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
  return isReturningFromRedirectLogin(location) || hasConnectedWallet();
}

/** The address carries the redirect login's session credential (`authResult` or `authCookie`, with `walletId`). */
export function isReturningFromRedirectLogin({ search, hash }: Pick<Location, "search" | "hash">): boolean {
  const hashQuery = hash.includes("?") ? hash.slice(hash.indexOf("?")) : "";
  return [new URLSearchParams(search), new URLSearchParams(hashQuery)].some(
    (params) => params.has("walletId") && (params.has("authResult") || params.has("authCookie")),
  );
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
