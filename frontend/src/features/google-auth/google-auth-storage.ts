/** The Google session in sessionStorage: a reload keeps it, closing the tab drops it. */
import { googleAuthResponseSchema, type GoogleAuthResponse } from "@tube/common/api-responses";
import { revokeGoogleToken } from "./api/google-auth-api.ts";
import { GOOGLE_AUTH_STORAGE_KEY, GOOGLE_SESSION_STORAGE_KEYS, USER_EMAIL_STORAGE_KEY } from "./google-session-keys.ts";

export function readGoogleAuth(now = Date.now()) {
  const auth = readStoredSession();
  return auth && auth.expiresAt > now ? auth : null;
}

export function saveGoogleAuth(auth: GoogleAuthResponse) {
  sessionStorage.setItem(GOOGLE_AUTH_STORAGE_KEY, JSON.stringify(auth));
  sessionStorage.setItem(USER_EMAIL_STORAGE_KEY, auth.email);
}

/** Reset: clears both storages' keys (throws if refused) and revokes even an expired token. */
export function signOutOfGoogle() {
  const accessToken = readStoredSession()?.accessToken;
  for (const key of GOOGLE_SESSION_STORAGE_KEYS) {
    sessionStorage.removeItem(key);
    localStorage.removeItem(key);
  }
  if (accessToken) void revokeGoogleToken(accessToken, { keepalive: true }).catch(() => undefined);
}

function readStoredSession() {
  try {
    const raw = sessionStorage.getItem(GOOGLE_AUTH_STORAGE_KEY);
    if (raw === null) return null;
    const parsed = googleAuthResponseSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
