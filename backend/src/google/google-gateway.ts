import { createHash } from "node:crypto";
import { OAuth2Client } from "google-auth-library";
import { LRUCache } from "lru-cache";
import { YOUTUBE_READONLY_SCOPE } from "@tube/common/constants";
import type { ErrorCode } from "@tube/common/errors";
import { AppError } from "../errors.ts";
import {
  attemptGoogleCall,
  describeGoogleFailure,
  isGoogleHttpError,
  isTransient,
  keepWithinBudget,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  withinBudget,
} from "./google-call.ts";
import { createYouTubeReader } from "./youtube.ts";

export interface GoogleGatewayOptions {
  clientId: string;
  clientSecret: string;
  emulatorUrl?: string;
  allowBrandAccounts?: boolean;
  timeoutMs?: number;
  logger?: { warn(obj: object, msg?: string): void };
  onCall?: (api: "oauth" | "youtube", outcome: string) => void;
  /** Awaited before the call's result returns, so the quota spent includes it; never rejects. */
  onQuotaUnits?: (units: number) => void | Promise<void>;
}

export type GoogleOptions = GoogleGatewayOptions & { emulatorUrl: string | undefined; timeoutMs: number };

/** The server's only way to Google; every failure is an `AppError` with a catalogue code. */
export function createGoogleGateway(options: GoogleGatewayOptions) {
  const resolved = {
    ...options,
    emulatorUrl: options.emulatorUrl?.replace(/\/+$/, ""),
    timeoutMs: options.timeoutMs ?? 10_000,
  };
  return { ...createGoogleOAuth(resolved), ...createYouTubeReader(resolved) };
}

export type GoogleGateway = ReturnType<typeof createGoogleGateway>;

/** As Google itself reports it, never as the browser claims it. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  scopes: string[];
  expiresAt: number;
}

/** A check is reused this long, never past the token's expiry: a token Google revoked is honoured this long. */
const TOKEN_CHECK_CACHE_MS = 60_000;
const TOKENS_REMEMBERED = 10_000;

/** Cache keys are digests, so no key holds a usable token. */
const tokenKey = (accessToken: string) => createHash("sha256").update(accessToken).digest("base64url");

const authFailed = (reason: string) => new AppError("GOOGLE_AUTH_FAILED", { cause: new Error(reason) });

/** One person may manage up to 100 Brand Accounts. */
export function isBrandAccountEmail(email: string) {
  return email.toLowerCase().endsWith("@pages.plusgoogle.com");
}

function createGoogleOAuth(options: GoogleOptions) {
  const { clientId, emulatorUrl } = options;
  const oauth = new OAuth2Client({
    clientId,
    clientSecret: options.clientSecret,
    ...(emulatorUrl
      ? {
          endpoints: {
            oauth2AuthBaseUrl: `${emulatorUrl}/o/oauth2/v2/auth`,
            oauth2TokenUrl: `${emulatorUrl}/token`,
            tokenInfoUrl: `${emulatorUrl}/tokeninfo`,
            oauth2RevokeUrl: `${emulatorUrl}/revoke`,
            oauth2FederatedSignonPemCertsUrl: `${emulatorUrl}/oauth2/v1/certs`,
            oauth2FederatedSignonJwkCertsUrl: `${emulatorUrl}/oauth2/v3/certs`,
          },
          issuers: [emulatorUrl],
        }
      : {}),
  });
  keepWithinBudget(oauth);
  // Only identities are kept: a refusal may be transient.
  const checked = new LRUCache<string, { at: number; identity: Promise<GoogleIdentity> }>({ max: TOKENS_REMEMBERED });

  async function oauthCall<T>(name: string, request: () => Promise<T>, refusal: ErrorCode, retries = true) {
    const attempt = await withinBudget(options.timeoutMs, { retries }, () => attemptGoogleCall(name, request));
    if (attempt.ok) {
      options.onCall?.("oauth", "ok");
      return attempt.value;
    }
    const { failure } = attempt;
    const transient = isTransient(failure);
    const code = transient ? "GOOGLE_UNAVAILABLE" : failure.status === 400 ? refusal : "GOOGLE_AUTH_FAILED";
    options.onCall?.("oauth", code);
    // A refusal is about the visitor's code or token; every other failure is worth an operator's look.
    if (failure.status !== 400)
      options.logger?.warn(
        { api: "oauth", call: name, status: failure.status, reason: failure.reason },
        "Google OAuth call failed",
      );
    throw new AppError(code, {
      cause: failure.cause,
      retryAfterSeconds: transient ? UNAVAILABLE_RETRY_AFTER_SECONDS : undefined,
    });
  }

  async function verifiedClaims(idToken: string) {
    try {
      const ticket = await withinBudget(options.timeoutMs, { retries: true }, () => oauth.verifyIdToken({ idToken }));
      const claims = ticket.getPayload();
      if (!claims) throw new Error("id_token has no payload");
      return claims;
    } catch (error) {
      if (isGoogleHttpError(error))
        throw new AppError("GOOGLE_AUTH_FAILED", { cause: describeGoogleFailure("certs", error).cause });
      // The library's messages quote the token; only their first clause goes into the cause.
      const reason = (error instanceof Error ? error.message : String(error)).split(/[:,]/)[0];
      throw authFailed(`id_token rejected: ${reason}`);
    }
  }

  async function revokeToken(token: string) {
    checked.delete(tokenKey(token));
    try {
      await oauthCall("revoke", () => oauth.revokeToken(token), "GOOGLE_TOKEN_INVALID");
    } catch (error) {
      // Google refuses tokens that are already expired or revoked: either way the token no longer works.
      if (!(error instanceof AppError && error.code === "GOOGLE_TOKEN_INVALID")) throw error;
    }
  }

  function refusedIdentity(email: string): ErrorCode | null {
    return !options.allowBrandAccounts && isBrandAccountEmail(email) ? "BRAND_ACCOUNT_REFUSED" : null;
  }

  async function checkAccessToken(accessToken: string) {
    const info = await oauthCall("tokeninfo", () => oauth.getTokenInfo(accessToken), "GOOGLE_TOKEN_INVALID");
    // A token issued to any app reads YouTube just as well, so only our own client's tokens are accepted.
    if (info.aud !== clientId || info.azp !== clientId) throw new AppError("GOOGLE_TOKEN_WRONG_AUDIENCE");
    if (info.expiry_date <= Date.now()) throw new AppError("GOOGLE_TOKEN_INVALID");
    if (!info.scopes.includes(YOUTUBE_READONLY_SCOPE)) throw new AppError("GOOGLE_SCOPE_MISSING");
    if (!info.sub || !info.email) throw authFailed("tokeninfo has no sub or email: the email scope was not granted");
    const refusal = refusedIdentity(info.email);
    if (refusal) throw new AppError(refusal);
    return { sub: info.sub, email: info.email, scopes: info.scopes, expiresAt: info.expiry_date };
  }

  return {
    async exchangeCode({ code, codeVerifier, redirectUri }: Record<"code" | "codeVerifier" | "redirectUri", string>) {
      // Never retried: Google redeems a code once, so a retry would meet invalid_grant and hide what happened.
      const { tokens } = await oauthCall(
        "token",
        () => oauth.getToken({ code, codeVerifier, redirect_uri: redirectUri }),
        "GOOGLE_AUTH_FAILED",
        false,
      );
      // Never log `tokens`. No offline access is asked, so no refresh token: nothing given works past the hour.
      const { access_token: accessToken, id_token: idToken, scope, expiry_date: expiresAt } = tokens;
      if (!accessToken || !idToken) throw authFailed("Google token response lacks access_token or id_token");

      const claims = await verifiedClaims(idToken);
      // Compared here, not by verifyIdToken, so a token made for another app gets its own error code.
      if (claims.aud !== clientId) throw new AppError("GOOGLE_TOKEN_WRONG_AUDIENCE");
      if (!claims.email) throw authFailed("id_token has no email: the email scope was not granted");

      const scopes = scope?.split(" ").filter(Boolean) ?? [];
      const refusal = !scopes.includes(YOUTUBE_READONLY_SCOPE) ? "GOOGLE_SCOPE_MISSING" : refusedIdentity(claims.email);
      if (refusal) {
        // A grant the app will not use is not kept: the visitor signs in again with what is asked for.
        await revokeToken(accessToken).catch((error: unknown) =>
          options.logger?.warn({ api: "oauth", err: (error as Error).message }, "Could not revoke a refused grant"),
        );
        throw new AppError(refusal);
      }
      const identity: GoogleIdentity = {
        sub: claims.sub,
        email: claims.email,
        scopes,
        expiresAt: expiresAt ?? Date.now(),
      };
      return { identity, accessToken };
    },

    /** `checkedSince`: a check made before it is not reused. */
    async validateAccessToken(accessToken: string, { checkedSince = 0 } = {}) {
      const key = tokenKey(accessToken);
      const known = checked.get(key);
      if (known && known.at >= checkedSince) return known.identity;
      // Shared while it runs, so simultaneous requests with one token make one call.
      const entry = { at: Date.now(), identity: checkAccessToken(accessToken) };
      checked.set(key, entry, { ttl: TOKEN_CHECK_CACHE_MS });
      const left = (identity: GoogleIdentity) => Math.min(identity.expiresAt - Date.now(), TOKEN_CHECK_CACHE_MS);
      const ttl = await entry.identity.then(left, () => 0);
      if (ttl > 0) checked.set(key, entry, { ttl });
      else checked.delete(key);
      return entry.identity;
    },

    revokeToken,
  };
}
