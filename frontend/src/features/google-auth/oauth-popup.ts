/** The popup half of Google's authorization-code flow. */
export const OAUTH_MESSAGE_TYPE = "tube:google-oauth";

export interface OAuthCallbackMessage {
  type: typeof OAUTH_MESSAGE_TYPE;
  code: string | null;
  state: string | null;
  error: string | null;
}

const FAILURE_MESSAGES = {
  blocked: "Your browser blocked the Google sign-in window. Please allow pop-ups for this site and try again.",
  closed: "The Google sign-in window was closed before sign-in finished. Please try again.",
  state_mismatch: "The Google sign-in response did not match this request, so it was refused. Please try again.",
  denied: "Google sign-in was cancelled. Please try again and allow access.",
  no_code: "Failed to get credentials from Google",
};

const failure = (reason: keyof typeof FAILURE_MESSAGES) => new Error(FAILURE_MESSAGES[reason]);

const POPUP_NAME = "tube-google-oauth";
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 650;
const CLOSED_POLL_MS = 500;
/** The callback posts, then closes itself: its message may still be on its way. */
const CLOSED_GRACE_MS = 1_000;

/** Call it synchronously in the click: Safari blocks a popup after an await. */
export function openOAuthPopup() {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  const popup = window.open(
    "about:blank",
    POPUP_NAME,
    `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  );
  if (!popup) throw failure("blocked");
  return popup;
}

export type AuthorizationCodeWait = ReturnType<typeof waitForAuthorizationCode>;

export function waitForAuthorizationCode(popup: Window, expectedState: string) {
  let cleanup = () => {};
  const promise = new Promise<string>((resolve, reject) => {
    let graceTimer: ReturnType<typeof setTimeout> | undefined;

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isCallbackMessage(event.data)) return;
      cleanup();
      const { code, state, error } = event.data;
      if (state !== expectedState) return reject(failure("state_mismatch"));
      if (error) return reject(failure(error === "access_denied" ? "denied" : "no_code"));
      if (!code) return reject(failure("no_code"));
      resolve(code);
    };

    const closedPoll = setInterval(() => {
      if (!popup.closed || graceTimer !== undefined) return;
      graceTimer = setTimeout(() => {
        cleanup();
        reject(failure("closed"));
      }, CLOSED_GRACE_MS);
    }, CLOSED_POLL_MS);

    cleanup = () => {
      window.removeEventListener("message", onMessage);
      clearInterval(closedPoll);
      clearTimeout(graceTimer);
    };
    window.addEventListener("message", onMessage);
  });
  // Cancelled, the promise never settles.
  return { promise, cancel: () => cleanup() };
}

function isCallbackMessage(data: unknown): data is OAuthCallbackMessage {
  return typeof data === "object" && data !== null && (data as { type?: unknown }).type === OAUTH_MESSAGE_TYPE;
}
