import { createGoogleOAuth } from "./google-oauth.ts";
import { createYouTubeReader } from "./youtube.ts";

export interface GoogleGatewayOptions {
  clientId: string;
  clientSecret: string;
  /** Base URL of the local Google stand-in; unset, the real Google endpoints are used. */
  emulatorUrl?: string;
  /** Brand Accounts' identities are accepted; unset or false, they are refused with BRAND_ACCOUNT_REFUSED. */
  allowBrandAccounts?: boolean;
  /** One budget per call to Google, whatever is retried within it. Default 10 s, which outlasts a slow day. */
  timeoutMs?: number;
  logger?: { warn(obj: object, msg?: string): void };
  /** One call per HTTP attempt; outcome is "ok" or the catalogue code the failure became. */
  onCall?: (api: "oauth" | "youtube", outcome: string) => void;
  /** The YouTube quota units spent, as Google counts them; awaited before the call's result returns; never rejects. */
  onQuotaUnits?: (units: number) => void | Promise<void>;
}

/** The options with their defaults applied, as the OAuth and YouTube halves read them. */
export type GoogleOptions = GoogleGatewayOptions & { emulatorUrl: string | undefined; timeoutMs: number };

/**
 * The server's only way to Google: google-auth-library for OAuth, the YouTube Data API client for YouTube, both
 * pointed at the stand-in with `emulatorUrl`. Every failure is an `AppError` with a catalogue code (GOOGLE_*, YOUTUBE_*).
 */
export function createGoogleGateway(options: GoogleGatewayOptions) {
  const resolved = {
    ...options,
    emulatorUrl: options.emulatorUrl?.replace(/\/+$/, ""),
    timeoutMs: options.timeoutMs ?? 10_000,
  };
  return { ...createGoogleOAuth(resolved), ...createYouTubeReader(resolved) };
}

export type GoogleGateway = ReturnType<typeof createGoogleGateway>;
