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

/**
 * docs/product.md#google-sign-in: exactly the scopes the server uses; forced account choice; granted scopes included.
 * No `access_type=offline`: the server never refreshes a token, and a refresh token would keep the grant alive at
 * Google for months after the claim.
 */
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
