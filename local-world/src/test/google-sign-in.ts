import { createHash, randomBytes } from "node:crypto";
import { GOOGLE_SCOPES } from "@tube/common/constants";

export interface EmulatorSignIn {
  emulatorUrl: string;
  clientId: string;
  redirectUri: string;
  account: string;
  /** The `sub` to pick on the channel picker, required for a person who manages Brand Accounts. */
  identity?: string;
  /** Defaults to the scopes the app asks for. */
  scopes?: readonly string[];
  accessType?: "online" | "offline";
}

/** What a browser does on the stand-in's account chooser: asks for a code with a fresh PKCE verifier. */
export async function signInWithEmulator(
  input: EmulatorSignIn,
): Promise<{ code: string; codeVerifier: string; scope: string }> {
  const codeVerifier = randomBytes(32).toString("base64url");
  const state = randomBytes(16).toString("hex");
  const choose = new URL("/o/oauth2/v2/auth/choose", input.emulatorUrl);
  choose.search = new URLSearchParams({
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    response_type: "code",
    scope: (input.scopes ?? GOOGLE_SCOPES).join(" "),
    state,
    code_challenge: createHash("sha256").update(codeVerifier).digest("base64url"),
    code_challenge_method: "S256",
    access_type: input.accessType ?? "online",
    prompt: "select_account",
    account: input.account,
    ...(input.identity ? { identity: input.identity } : {}),
  }).toString();
  const response = await fetch(choose, { redirect: "manual" });
  const location = response.headers.get("location");
  if (response.status !== 302 || !location)
    throw new Error(`Google stand-in refused the sign-in of ${input.account}: ${await httpFailure(response)}`);
  const back = new URL(location);
  const code = back.searchParams.get("code");
  if (back.searchParams.get("state") !== state || !code)
    throw new Error(`Unexpected sign-in redirect: ${back.origin}${back.pathname}`);
  return { code, codeVerifier, scope: back.searchParams.get("scope") ?? "" };
}

/** Signs in and redeems the code at /token, as a server would: for tests that need a live access token. */
export async function obtainAccessToken(
  input: EmulatorSignIn & { clientSecret: string },
): Promise<{ accessToken: string; scope: string; idToken?: string; refreshToken?: string }> {
  const { code, codeVerifier } = await signInWithEmulator(input);
  const response = await fetch(new URL("/token", input.emulatorUrl), {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: codeVerifier,
      redirect_uri: input.redirectUri,
      client_id: input.clientId,
      client_secret: input.clientSecret,
    }),
  });
  if (!response.ok) throw new Error(`Google stand-in refused the code: ${await httpFailure(response)}`);
  const tokens = (await response.json()) as Record<"access_token" | "scope" | "id_token" | "refresh_token", string>;
  const { access_token: accessToken, scope, id_token: idToken, refresh_token: refreshToken } = tokens;
  return { accessToken, scope, idToken, refreshToken };
}

const httpFailure = async (response: Response) => `HTTP ${response.status} ${await response.text()}`;
