import { revokeGoogleToken } from "./api/google-auth-api.ts";
import { clearGoogleSession, readStoredAccessToken } from "./google-auth-storage.ts";

/**
 * Reset (docs/product.md#header-and-reset): clears the stored session and revokes its token. The revoke is best effort and nobody waits
 * for it: a keepalive request survives the reload that follows Reset. Throws when storage refuses.
 */
export function signOutOfGoogle(): void {
  const accessToken = readStoredAccessToken();
  clearGoogleSession();
  if (accessToken) void revokeGoogleToken(accessToken, { keepalive: true }).catch(() => undefined);
}
