/**
 * The Google session kept in sessionStorage under the product's keys (docs/product.md#header-and-reset): a reload in
 * the same tab keeps it while the token lives, and it goes when the tab closes, so an access token never outlives
 * the tab on a shared machine. The sign-in popup only posts Google's answer back; this tab exchanges it and saves the
 * session here, since the popup's own sessionStorage is a copy the opener never sees.
 */
import { googleAuthResponseSchema, type GoogleAuthResponse } from "@tube/common/api-responses";
import { GOOGLE_AUTH_STORAGE_KEY, GOOGLE_SESSION_STORAGE_KEYS, USER_EMAIL_STORAGE_KEY } from "./google-session-keys.ts";

export type GoogleAuth = GoogleAuthResponse;

/** The stored session, or null when there is none, it is unreadable, or its token has expired. */
export function readGoogleAuth(now: number = Date.now()): GoogleAuth | null {
  const auth = readStoredSession();
  return auth && auth.expiresAt > now ? auth : null;
}

export function saveGoogleAuth(auth: GoogleAuth): void {
  sessionStorage.setItem(GOOGLE_AUTH_STORAGE_KEY, JSON.stringify(auth));
  sessionStorage.setItem(USER_EMAIL_STORAGE_KEY, auth.email);
}

/** Reads the stored token even when expired: Reset still wants to revoke it. */
export function readStoredAccessToken(): string | null {
  return readStoredSession()?.accessToken ?? null;
}

/**
 * Reset (docs/product.md#header-and-reset): the Google auth data, the e-mail and the forced-test-mode flag, where this
 * version keeps them and where older ones did. Throws if storage refuses.
 */
export function clearGoogleSession(): void {
  for (const key of GOOGLE_SESSION_STORAGE_KEYS) {
    sessionStorage.removeItem(key);
    localStorage.removeItem(key);
  }
}

function readStoredSession(): GoogleAuth | null {
  try {
    const raw = sessionStorage.getItem(GOOGLE_AUTH_STORAGE_KEY);
    if (raw === null) return null;
    const parsed = googleAuthResponseSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
