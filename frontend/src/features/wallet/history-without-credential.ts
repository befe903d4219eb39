import { isReturningFromRedirectLogin } from "./wallet-to-restore.ts";

/**
 * The ecosystem wallet's redirect login comes back to /claim with its session credential in the address (thirdweb
 * v5's wallets/in-app/web/lib/get-url-token.js reads `authCookie` or `authResult` beside `walletId`). Once it has read
 * them, the SDK *pushes* a clean address: the entry holding the credential would stay in the history, one Back away.
 * Installed before AutoConnect runs, this turns that one push into a replace, so no entry keeps the credential; the
 * entry keeps its state (the router's), which the SDK's push would have dropped. Returns the undo, for unmounting.
 */
export function replaceCredentialEntryOnceRead(win: Window): () => void {
  const { history } = win;
  if (!isReturningFromRedirectLogin(win.location)) return () => undefined;
  const ownPushState = history.pushState;
  const restore = () => {
    if (history.pushState !== ownPushState) history.pushState = ownPushState;
  };
  history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
    // Only the push that leaves the credential's entry is replaced; any other goes through as it was.
    if (!isReturningFromRedirectLogin(win.location)) return ownPushState.call(history, data, unused, url);
    restore();
    history.replaceState(history.state, unused, url);
  };
  return restore;
}

/** The parameters thirdweb's login puts on the way back (thirdweb v5's wallets/in-app/core/authentication/getLoginPath.js). */
const REDIRECT_LOGIN_PARAMETERS = ["walletId", "authProvider", "authFlow", "state"];

/**
 * Takes a redirect login's parameters out of the address in place (no new history entry): after a cancelled consent
 * the SDK finds no credential and leaves them there, where a reload would start the same dead end again.
 */
export function removeRedirectLoginParameters(win: Window): void {
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
