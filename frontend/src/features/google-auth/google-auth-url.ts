/** The Google authorization request: its URL, and the PKCE (S256) verifier and `state` it carries. */
import { GOOGLE_CALLBACK_PATH, GOOGLE_SCOPES } from "@tube/common/constants";

export interface GoogleAuthUrlParams {
  authUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

/** The redirect URI registered with Google: the callback page on this origin. */
export function googleRedirectUri(origin: string): string {
  return `${origin}${GOOGLE_CALLBACK_PATH}`;
}

/** Exactly the server's scopes, forced account choice; no `access_type=offline`, as no token is ever refreshed. */
export function buildGoogleAuthUrl({
  authUrl,
  clientId,
  redirectUri,
  state,
  codeChallenge,
}: GoogleAuthUrlParams): string {
  const url = new URL(authUrl);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: GOOGLE_SCOPES.join(" "),
    prompt: "select_account",
    include_granted_scopes: "true",
    state,
    code_challenge: codeChallenge,
    code_challenge_method: "S256",
  }).toString();
  return url.toString();
}

// The PKCE verifier stays in this tab, so an intercepted code is useless alone.
/** 48 random bytes encode to exactly 64 base64url characters, all allowed in a verifier. */
const VERIFIER_BYTES = 48;
const STATE_BYTES = 32;

export function createCodeVerifier(): string {
  return base64UrlEncode(randomBytes(VERIFIER_BYTES));
}

export async function createCodeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

export function createOAuthState(): string {
  return base64UrlEncode(randomBytes(STATE_BYTES));
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}
