/**
 * The browser storage keys of the Google session (docs/product.md#header-and-reset), apart from the session's schema
 * so that every page can drop what older versions left without downloading it.
 */
export const GOOGLE_AUTH_STORAGE_KEY = "googleAuthData";
export const USER_EMAIL_STORAGE_KEY = "userEmail";
export const FORCE_TEST_MODE_STORAGE_KEY = "force_test_mode";
/** What Reset clears. */
export const GOOGLE_SESSION_STORAGE_KEYS = [
  GOOGLE_AUTH_STORAGE_KEY,
  USER_EMAIL_STORAGE_KEY,
  FORCE_TEST_MODE_STORAGE_KEY,
];

/**
 * Versions before 2026-11-26 kept the session in localStorage, where its access token outlived the tab for its hour,
 * on a shared machine too. Every page load removes what they left, whichever page the next visitor opens first; the
 * session of the open tab, in sessionStorage, stays. Storage that refuses has nothing to remove.
 */
export function forgetLegacyGoogleSession(): void {
  try {
    for (const key of GOOGLE_SESSION_STORAGE_KEYS) localStorage.removeItem(key);
  } catch {
    // Storage is off (a private window's policy): nothing can have been kept in it.
  }
}
