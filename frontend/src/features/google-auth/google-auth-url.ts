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
