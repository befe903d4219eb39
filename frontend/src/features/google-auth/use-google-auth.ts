/** The claim page's Google session, popup flow and toasts. */
import { ERROR_CATALOGUE } from "@tube/common/errors";
import { useCallback, useEffect, useRef, useState } from "react";
import { notify, type Notification } from "../../components/ui/toaster.tsx";
import { usePublicConfig } from "../../lib/public-config.tsx";
import { exchangeGoogleCode } from "./api/google-auth-api.ts";
import { readGoogleAuth, saveGoogleAuth } from "./google-auth-storage.ts";
import {
  buildGoogleAuthUrl,
  createCodeChallenge,
  createCodeVerifier,
  createOAuthState,
  googleRedirectUri,
} from "./google-auth-url.ts";
import { openOAuthPopup, waitForAuthorizationCode, type AuthorizationCodeWait } from "./oauth-popup.ts";

export type GoogleAuthState = ReturnType<typeof useGoogleAuth>;

const TOAST_ID = "google-auth";
/** setTimeout fires at once beyond a signed 32-bit delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function useGoogleAuth() {
  const config = usePublicConfig();
  const [auth, setAuth] = useState(readGoogleAuth);
  const [status, setStatus] = useState<"idle" | "authorizing" | "authorized" | "failed">(() =>
    auth ? "authorized" : "idle",
  );
  const [error, setError] = useState<string | null>(null);
  const pendingWait = useRef<AuthorizationCodeWait | null>(null);

  useEffect(() => () => pendingWait.current?.cancel(), []);

  // A token that expires while the page is open stops counting as authorized.
  useEffect(() => {
    if (!auth) return;
    const remainingMs = auth.expiresAt - Date.now();
    if (remainingMs > MAX_TIMER_MS) return;
    const timer = setTimeout(
      () => {
        setAuth(null);
        setStatus("idle");
      },
      Math.max(0, remainingMs),
    );
    return () => clearTimeout(timer);
  }, [auth]);

  const authorize = useCallback(() => {
    // A change of account that did not finish leaves the session as it was, and says so once.
    const failOrKeep = (message: string) => {
      const kept = auth && auth.expiresAt > Date.now() ? auth : null;
      setStatus(kept ? "authorized" : "failed");
      setError(kept ? null : message);
      if (kept) toast("warning", "Google Account Unchanged", `${message} You are still connected as ${kept.email}.`);
      else toast("error", "Authentication Failed", message);
    };
    let popup: Window;
    try {
      popup = openOAuthPopup();
    } catch (cause) {
      failOrKeep(messageOf(cause));
      return;
    }
    pendingWait.current?.cancel();
    setStatus("authorizing");
    setError(null);
    toast("loading", "Connecting to Google", "Launching Google authentication...");

    const redirectUri = googleRedirectUri(window.location.origin);
    const codeVerifier = createCodeVerifier();
    const state = createOAuthState();
    const wait = waitForAuthorizationCode(popup, state);
    pendingWait.current = wait;

    void (async () => {
      const codeChallenge = await createCodeChallenge(codeVerifier);
      popup.location.href = buildGoogleAuthUrl({
        authUrl: config.googleAuthUrl,
        clientId: config.googleClientId,
        redirectUri,
        state,
        codeChallenge,
      });
      const code = await wait.promise;
      const session = await exchangeGoogleCode({ code, codeVerifier, redirectUri });
      saveGoogleAuth(session);
      setAuth(session);
      setStatus("authorized");
      toast("success", "Google Authentication Successful", "Connected with Google account");
    })()
      .catch((cause: unknown) => {
        wait.cancel();
        if (!popup.closed) popup.close();
        failOrKeep(messageOf(cause));
      })
      .finally(() => {
        if (pendingWait.current === wait) pendingWait.current = null;
      });
  }, [auth, config.googleAuthUrl, config.googleClientId]);

  return { auth, status, error, authorize };
}

/** The popup flow's toasts replace one another. */
function toast(type: Notification["type"], title: string, description: string) {
  notify({ id: TOAST_ID, type, title, description });
}

function messageOf(cause: unknown) {
  return (cause instanceof Error && cause.message) || ERROR_CATALOGUE.GOOGLE_AUTH_FAILED.message;
}
