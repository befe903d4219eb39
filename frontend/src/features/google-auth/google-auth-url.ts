import { GOOGLE_CALLBACK_PATH, GOOGLE_SCOPES } from "@tube/common/constants";

export function googleRedirectUri(origin: string) {
  return `${origin}${GOOGLE_CALLBACK_PATH}`;
}

/** The server's scopes, forced account choice; no `access_type=offline`: no token is ever refreshed. */
export function buildGoogleAuthUrl(
  request: Record<"authUrl" | "clientId" | "redirectUri" | "state" | "codeChallenge", string>,
) {
  const url = new URL(request.authUrl);
  url.search = new URLSearchParams({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: "code",
    scope: GOOGLE_SCOPES.join(" "),
    prompt: "select_account",
    include_granted_scopes: "true",
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: "S256",
  }).toString();
  return url.toString();
}

/** The PKCE verifier stays in this tab, so an intercepted code is useless alone; 64 characters. */
export function createCodeVerifier() {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(48)));
}

export async function createCodeChallenge(verifier: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

export function createOAuthState() {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(32)));
}

export function base64UrlEncode(bytes: Uint8Array) {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
