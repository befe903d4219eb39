/** The Google session's storage keys, apart from its schema so every page can load them. */
export const GOOGLE_AUTH_STORAGE_KEY = "googleAuthData";
export const USER_EMAIL_STORAGE_KEY = "userEmail";
export const FORCE_TEST_MODE_STORAGE_KEY = "force_test_mode";
export const GOOGLE_SESSION_STORAGE_KEYS = [
  GOOGLE_AUTH_STORAGE_KEY,
  USER_EMAIL_STORAGE_KEY,
  FORCE_TEST_MODE_STORAGE_KEY,
];

/** Older versions kept the session in localStorage, where it outlived the tab. */
export function forgetLegacyGoogleSession() {
  try {
    for (const key of GOOGLE_SESSION_STORAGE_KEYS) localStorage.removeItem(key);
  } catch {
    // Storage is off: nothing was kept in it.
  }
}
