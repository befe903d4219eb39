/**
 * The Google session kept in sessionStorage under the product's keys (docs/product.md#header-and-reset): a reload in
 * the same tab keeps it while the token lives, and it goes when the tab closes, so an access token never outlives
 * the tab on a shared machine. Versions before 2026-11-26 kept it in localStorage, where it lasted the token's hour
 * after the tab closed: `forgetLegacyGoogleSession` removes what they left.
 */
import { googleAuthResponseSchema, type GoogleAuthResponse } from "@tube/common/api-responses";

export const GOOGLE_AUTH_STORAGE_KEY = "googleAuthData";
export const USER_EMAIL_STORAGE_KEY = "userEmail";
export const FORCE_TEST_MODE_STORAGE_KEY = "force_test_mode";
const RESET_KEYS = [GOOGLE_AUTH_STORAGE_KEY, USER_EMAIL_STORAGE_KEY, FORCE_TEST_MODE_STORAGE_KEY];

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
  for (const key of RESET_KEYS) {
    sessionStorage.removeItem(key);
    localStorage.removeItem(key);
  }
}

/** Removes a session an older version left in localStorage. Storage that refuses has nothing to remove. */
export function forgetLegacyGoogleSession(): void {
  try {
    for (const key of RESET_KEYS) localStorage.removeItem(key);
  } catch {
    // Storage is off (a private window's policy): nothing can have been kept in it.
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
