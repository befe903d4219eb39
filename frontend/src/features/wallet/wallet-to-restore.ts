/**
 * Whether thirdweb has a wallet to restore on this visit, read without loading the SDK (ADR 13): its connection
 * manager's storage keys, and the parameters its redirect login returns with.
 */
const CONNECTED_WALLET_KEYS = ["thirdweb:connected-wallet-ids", "thirdweb:active-wallet-id"];

export function hasWalletToRestore(location: Pick<Location, "search" | "hash">): boolean {
  return redirectLoginReturn(location) !== null || hasConnectedWallet();
}

/**
 * How the page came back from the redirect login: with its credential (`authResult` or `authCookie`, beside
 * `walletId`), without one (cancelled or refused consent), or null when it did not.
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
    // Storage refused: thirdweb cannot have stored anything either.
    return false;
  }
}
