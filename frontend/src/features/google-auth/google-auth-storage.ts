/**
 * The Google session kept in localStorage under the product's keys (docs/product.md#header-and-reset), so a
 * reload does not ask the visitor to authorize again while the token lives.
 */
import { googleAuthResponseSchema, type GoogleAuthResponse } from "@tube/common/api-responses";

export const GOOGLE_AUTH_STORAGE_KEY = "googleAuthData";
export const USER_EMAIL_STORAGE_KEY = "userEmail";
export const FORCE_TEST_MODE_STORAGE_KEY = "force_test_mode";

export type GoogleAuth = GoogleAuthResponse;

/** The stored session, or null when there is none, it is unreadable, or its token has expired. */
export function readGoogleAuth(now: number = Date.now()): GoogleAuth | null {
  const raw = safeGet(GOOGLE_AUTH_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = googleAuthResponseSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.expiresAt <= now) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

export function saveGoogleAuth(auth: GoogleAuth): void {
  localStorage.setItem(GOOGLE_AUTH_STORAGE_KEY, JSON.stringify(auth));
  localStorage.setItem(USER_EMAIL_STORAGE_KEY, auth.email);
}

/** Reads the stored token even when expired: Reset still wants to revoke it. */
export function readStoredAccessToken(): string | null {
  const raw = safeGet(GOOGLE_AUTH_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = googleAuthResponseSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.accessToken : null;
  } catch {
    return null;
  }
}

/** Reset (docs/product.md#header-and-reset): the Google auth data, the e-mail and the forced-test-mode flag. Throws if storage refuses. */
export function clearGoogleSession(): void {
  localStorage.removeItem(GOOGLE_AUTH_STORAGE_KEY);
  localStorage.removeItem(USER_EMAIL_STORAGE_KEY);
  localStorage.removeItem(FORCE_TEST_MODE_STORAGE_KEY);
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
