import { createHash, randomBytes } from "node:crypto";
import type { SeedAccount } from "./seed-accounts.ts";

const CODE_LIFETIME_MS = 10 * 60_000;
/** Google's access tokens last an hour; its responses say 3599. */
export const ACCESS_TOKEN_LIFETIME_S = 3599;

/** What one account allowed one client; revoking any of its tokens ends all, as at Google. */
export interface Grant {
  clientId: string;
  account: SeedAccount;
  scopes: string[];
  accessType: "online" | "offline";
  revoked: boolean;
}

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  codeChallengeMethod: "S256" | "plain";
  nonce: string | null;
}

type AccessToken = { grant: Grant; expiresAt: number };
type PendingCode = AuthorizationRequest & AccessToken;

export function createGrantRegistry() {
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, Grant>();

  return {
    issueCode(grant: Grant, request: AuthorizationRequest) {
      const code = `4/0A${randomBytes(32).toString("base64url")}`;
      codes.set(code, { ...request, grant, expiresAt: Date.now() + CODE_LIFETIME_MS });
      return code;
    },

    /** Single-use: the first redemption removes it, whatever its outcome. */
    redeemCode(code: string) {
      const pending = codes.get(code);
      codes.delete(code);
      return pending && pending.expiresAt > Date.now() ? pending : null;
    },

    issueTokens(grant: Grant) {
      const accessToken = `ya29.${randomBytes(48).toString("base64url")}`;
      accessTokens.set(accessToken, { grant, expiresAt: Date.now() + ACCESS_TOKEN_LIFETIME_S * 1000 });
      if (grant.accessType !== "offline") return { accessToken, refreshToken: null };
      const refreshToken = `1//0${randomBytes(48).toString("base64url")}`;
      refreshTokens.set(refreshToken, grant);
      return { accessToken, refreshToken };
    },

    /** Null when unknown, expired or revoked. */
    accessToken(token: string) {
      const found = accessTokens.get(token);
      return found && !found.grant.revoked && found.expiresAt > Date.now() ? found : null;
    },

    /** The grant behind a token; false when it is not live. */
    revoke(token: string) {
      const grant = this.accessToken(token)?.grant ?? refreshTokens.get(token);
      if (!grant || grant.revoked) return false;
      grant.revoked = true;
      return true;
    },

    expire(token: string) {
      const found = accessTokens.get(token);
      if (found) found.expiresAt = Date.now() - 1;
      return Boolean(found);
    },
  };
}

export type GrantRegistry = ReturnType<typeof createGrantRegistry>;

/** RFC 7636: does the verifier answer the authorization request's challenge? */
export function verifierMatches(request: AuthorizationRequest, verifier: string | undefined) {
  if (request.codeChallenge === null) return verifier === undefined;
  if (verifier === undefined) return false;
  const derived =
    request.codeChallengeMethod === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  return derived === request.codeChallenge;
}
