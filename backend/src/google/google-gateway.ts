import { createGoogleOAuth, type GoogleIdentity } from "./google-oauth.ts";
import { createYouTubeReader, type SubscriptionCheck, type YouTubeChannel } from "./youtube.ts";

export interface GoogleGatewayOptions {
  clientId: string;
  clientSecret: string;
  /** Base URL of the local Google stand-in; unset, the real Google endpoints are used. */
  emulatorUrl?: string;
  /** Brand Accounts' identities are accepted; unset or false, they are refused with BRAND_ACCOUNT_REFUSED. */
  allowBrandAccounts?: boolean;
  /**
   * One budget per call to Google, whatever is retried within it (the library's retries, YouTube's one retry);
   * Google's answers usually take well under a second.
   */
  timeoutMs?: number;
  logger?: { warn(obj: object, msg?: string): void };
  /** One call per HTTP attempt; outcome is "ok" or the catalogue code the failure became. */
  onCall?: (api: "oauth" | "youtube", outcome: string) => void;
  /** The YouTube quota units spent, as Google will count them; awaited before the call's result is returned; must not reject. */
  onQuotaUnits?: (units: number) => void | Promise<void>;
}

/** Google answers in well under a second; ten seconds outlasts a slow day without holding a visitor for long. */
const GOOGLE_TIMEOUT_MS = 10_000;

/**
 * Everything the server asks Google. Implementations throw `AppError` with a
 * catalogue code (GOOGLE_*, YOUTUBE_*) for every failure.
 */
export interface GoogleGateway {
  /**
   * Exchanges an authorization code (PKCE) and verifies the id_token's audience and the granted scopes; a Brand
   * Account's identity is refused (and its grant revoked) unless allowed.
   */
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<{
    identity: GoogleIdentity;
    accessToken: string;
  }>;
  /** Re-validates an access token with tokeninfo: audience, scope, expiry, and a Brand identity unless allowed. */
  validateAccessToken(accessToken: string): Promise<GoogleIdentity>;
  revokeToken(token: string): Promise<void>;
  /** Whether the account follows `channelId`, and its own channel as the subscription names it (1 quota unit). */
  checkSubscription(accessToken: string, channelId: string): Promise<SubscriptionCheck>;
  /** The signed-in account's own channel with its handle, or null when it has none (1 quota unit). */
  getOwnChannel(accessToken: string): Promise<YouTubeChannel | null>;
}

/**
 * The server's only way to Google: google-auth-library for OAuth (google-oauth.ts), the YouTube Data API
 * client for YouTube (youtube.ts). With `emulatorUrl` both are pointed at the stand-in's copies of Google's paths.
 */
export function createGoogleGateway(options: GoogleGatewayOptions): GoogleGateway {
  const emulatorUrl = options.emulatorUrl?.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? GOOGLE_TIMEOUT_MS;
  const oauth = createGoogleOAuth({
    ...options,
    emulatorUrl,
    timeoutMs,
    allowBrandAccounts: options.allowBrandAccounts ?? false,
  });
  const youtube = createYouTubeReader({ ...options, emulatorUrl, timeoutMs });
  return { ...oauth, ...youtube };
}
