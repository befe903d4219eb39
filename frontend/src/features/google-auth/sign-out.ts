import { revokeGoogleToken } from "./api/google-auth-api.ts";
import { clearGoogleSession, readStoredAccessToken } from "./google-auth-storage.ts";

/** Reset: clears the session and revokes its token with a keepalive request nobody waits for. Throws if refused. */
export function signOutOfGoogle(): void {
  const accessToken = readStoredAccessToken();
  clearGoogleSession();
  if (accessToken) void revokeGoogleToken(accessToken, { keepalive: true }).catch(() => undefined);
}
