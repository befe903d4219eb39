/** A Google account as Google itself reports it (never as the browser claims it). */
export interface GoogleIdentity {
  /** Google's stable account id. */
  sub: string;
  email: string;
  scopes: string[];
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export interface YouTubeChannel {
  id: string;
  title: string;
  /** The `@handle` (YouTube's `customUrl`), when the channel has one. */
  handle: string | null;
}

/**
 * Everything the server asks Google. Implementations throw `AppError` with a
 * catalogue code (GOOGLE_*, YOUTUBE_*) for every failure.
 */
export interface GoogleGateway {
  /** Exchanges an authorization code (PKCE) and verifies the id_token's audience and the granted scopes. */
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<{
    identity: GoogleIdentity;
    accessToken: string;
  }>;
  /** Re-validates an access token with tokeninfo: audience, scope, expiry. */
  validateAccessToken(accessToken: string): Promise<GoogleIdentity>;
  revokeToken(token: string): Promise<void>;
  isSubscribed(accessToken: string, channelId: string): Promise<boolean>;
  /** The signed-in account's own channel, or null when it has none. */
  getOwnChannel(accessToken: string): Promise<YouTubeChannel | null>;
}
