import { revokeGoogleToken } from "./api/google-auth-api.ts";
import { clearGoogleSession, readStoredAccessToken } from "./google-auth-storage.ts";

/** Reset must not hang on the best-effort revoke call. */
const REVOKE_TIMEOUT_MS = 5_000;

/** Spec §2 Reset: revokes the stored token (best effort) and clears the stored session. Rejects when storage refuses. */
export async function signOutOfGoogle(): Promise<void> {
  const accessToken = readStoredAccessToken();
  if (accessToken) {
    // Best effort: the session is cleared here whatever Google answers.
    await revokeGoogleToken(accessToken, { signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS) }).catch(() => undefined);
  }
  clearGoogleSession();
}
