/** thirdweb's remembered wallets and its redirect login's return, read without loading the SDK (ADR 13). */
const CONNECTED_WALLET_KEYS = ["thirdweb:connected-wallet-ids", "thirdweb:active-wallet-id"];

export function hasWalletToRestore(location: Pick<Location, "search" | "hash">) {
  return redirectLoginReturn(location) !== null || hasConnectedWallet();
}

/** How the page came back from the redirect login: with its credential, without (cancelled), or not (null). */
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

function hasConnectedWallet() {
  try {
    return CONNECTED_WALLET_KEYS.some((key) => {
      const value = localStorage.getItem(key);
      return value !== null && value !== "[]" && value !== "";
    });
  } catch {
    return false;
  }
}

/** The SDK *pushes* a clean address over the credential's, leaving it one Back away: make that a replace. */
export function replaceCredentialEntryOnceRead(win: Window) {
  const { history } = win;
  if (redirectLoginReturn(win.location) !== "credential") return () => undefined;
  const ownPushState = history.pushState;
  const restore = () => {
    if (history.pushState !== ownPushState) history.pushState = ownPushState;
  };
  history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
    if (redirectLoginReturn(win.location) !== "credential") return ownPushState.call(history, data, unused, url);
    restore();
    history.replaceState(history.state, unused, url);
  };
  return restore;
}

const REDIRECT_LOGIN_PARAMETERS = ["walletId", "authProvider", "authFlow", "state"];

/** Takes a cancelled redirect login's parameters out of the address, so a reload does not repeat it. */
export function removeRedirectLoginParameters(win: Window) {
  const url = new URL(win.location.href);
  for (const name of REDIRECT_LOGIN_PARAMETERS) url.searchParams.delete(name);
  const hashQueryAt = url.hash.indexOf("?");
  if (hashQueryAt !== -1) {
    const hashParams = new URLSearchParams(url.hash.slice(hashQueryAt));
    for (const name of REDIRECT_LOGIN_PARAMETERS) hashParams.delete(name);
    const rest = hashParams.toString();
    url.hash = url.hash.slice(0, hashQueryAt) + (rest ? `?${rest}` : "");
  }
  win.history.replaceState(win.history.state, "", url.href);
}
