import express, { Router, type Request, type Response } from "express";
import { bearerOf, searchParamsOf as queryOf } from "../stand-in.ts";
import { takeFault, type EmulatorControls } from "./control-routes.ts";
import {
  ACCESS_TOKEN_LIFETIME_S,
  verifierMatches,
  type AuthorizationRequest,
  type Grant,
  type GrantRegistry,
} from "./grants.ts";
import { accountChooserPage, channelPickerPage, errorPage } from "./pages.ts";
import { EMAIL_SCOPE, PROFILE_SCOPE, YOUTUBE_READ_SCOPES, grantedScopes } from "./scopes.ts";
import type { SeedAccount } from "./seed-accounts.ts";
import { accessTokenHash, type SigningKey } from "./signing-key.ts";

/** As registered in Google's console. */
export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  /** The only URIs Google sends a code to, compared exactly. */
  redirectUris: readonly string[];
}

export interface OAuthDeps {
  issuer: string;
  clients: ReadonlyMap<string, RegisteredClient>;
  accounts: readonly SeedAccount[];
  grants: GrantRegistry;
  key: SigningKey;
  controls: EmulatorControls;
}

type Failure = { status: number; error: string; description: string };
const failure = (status: number, error: string, description: string) => ({ status, error, description });
const invalid = (description: string) => failure(400, "invalid_request", description);
type ParsedAuthorization = AuthorizationRequest & {
  scope: string;
  state: string | null;
  accessType: Grant["accessType"];
  loginHint: string | null;
  params: URLSearchParams;
};

export function oauthRoutes(deps: OAuthDeps) {
  const router = Router();
  const form = express.text({ type: "application/x-www-form-urlencoded" });
  const authorization = (req: Request, res: Response) => {
    const parsed = parseAuthorization(queryOf(req), deps.clients);
    if (!("error" in parsed)) return parsed;
    sendErrorPage(res, parsed);
    return null;
  };

  router.get("/o/oauth2/v2/auth", (req, res) => {
    const parsed = authorization(req, res);
    if (parsed) res.type("html").send(accountChooserPage({ ...parsed, accounts: deps.accounts }));
  });

  router.get("/o/oauth2/v2/auth/choose", (req, res) => {
    const parsed = authorization(req, res);
    if (!parsed) return;
    const { params } = parsed;
    const back = new URL(parsed.redirectUri);
    if (parsed.state !== null) back.searchParams.set("state", parsed.state);
    if (params.has("cancel")) {
      back.searchParams.set("error", "access_denied");
      return res.redirect(302, back.href);
    }
    const person = deps.accounts.find((candidate) => candidate.email === params.get("account"));
    if (!person) return sendErrorPage(res, invalid("No such account on this stand-in."));
    const identity = chosenIdentity(person, parsed.scope, params.get("identity"));
    if (identity === "ask")
      return res.type("html").send(channelPickerPage({ clientId: parsed.clientId, params, person }));
    if (!identity) return sendErrorPage(res, invalid("No such channel for this account on this stand-in."));
    const grant: Grant = {
      clientId: parsed.clientId,
      account: identity,
      scopes: grantedScopes(parsed.scope, identity.grantsYoutube),
      accessType: parsed.accessType,
      revoked: false,
    };
    back.searchParams.set("code", deps.grants.issueCode(grant, parsed));
    back.searchParams.set("scope", grant.scopes.join(" "));
    back.searchParams.set("authuser", "0");
    back.searchParams.set("prompt", "consent");
    res.redirect(302, back.href);
  });

  router.post("/token", form, (req, res) => {
    // Before the code is looked at: it stays unredeemed, as at Google.
    if (playedFault(takeFault(deps.controls, "token", req), res)) return;
    const body = formOf(req);
    const client = authenticateClient(req, body, deps.clients);
    if ("error" in client) return sendOAuthError(res, client);
    const grantType = body.get("grant_type") ?? "";
    if (grantType !== "authorization_code")
      return sendOAuthError(res, failure(400, "unsupported_grant_type", `Invalid grant_type: ${grantType}`));
    const code = body.get("code");
    if (!code) return sendOAuthError(res, invalid("Missing required parameter: code"));
    const pending = deps.grants.redeemCode(code);
    if (!pending || pending.clientId !== client.clientId)
      return sendOAuthError(res, failure(400, "invalid_grant", "Bad Request"));
    if (body.get("redirect_uri") !== pending.redirectUri)
      return sendOAuthError(res, failure(400, "redirect_uri_mismatch", "Bad Request"));
    const verifier = body.get("code_verifier") ?? undefined;
    if (!verifierMatches(pending, verifier)) {
      const description =
        pending.codeChallenge === null
          ? "code_verifier or verifier is not needed."
          : verifier
            ? "Invalid code verifier."
            : "Missing code verifier.";
      return sendOAuthError(res, failure(400, "invalid_grant", description));
    }
    const { grant } = pending;
    const { accessToken, refreshToken } = deps.grants.issueTokens(grant);
    res.set("Cache-Control", "no-cache, no-store, max-age=0, must-revalidate").json({
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_LIFETIME_S,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      scope: grant.scopes.join(" "),
      token_type: "Bearer",
      ...(grant.scopes.includes("openid") ? { id_token: idToken(deps, grant, accessToken, pending.nonce) } : {}),
    });
  });

  const tokenInfo = (req: Request, res: Response) => {
    if (playedFault(takeFault(deps.controls, "tokeninfo", req), res)) return;
    const params = new URLSearchParams([...queryOf(req), ...formOf(req)]);
    const accessToken = params.get("access_token") ?? bearerOf(req);
    const info = accessToken ? accessTokenInfo(deps, accessToken) : null;
    if (!info) return sendOAuthError(res, failure(400, "invalid_token", "Invalid Value"));
    res.json(info);
  };
  router.get("/tokeninfo", tokenInfo);
  router.post("/tokeninfo", form, tokenInfo);

  router.post("/revoke", form, (req, res) => {
    const token = queryOf(req).get("token") ?? formOf(req).get("token");
    if (!token || !deps.grants.revoke(token))
      return sendOAuthError(res, failure(400, "invalid_token", "Token expired or revoked"));
    res.json({});
  });

  // A short max-age, unlike Google's hours: a restarted stand-in has a new key.
  const certsCacheControl = "public, max-age=60, must-revalidate, no-transform";
  router.get("/oauth2/v1/certs", (_req, res) => {
    res.set("Cache-Control", certsCacheControl).json({ [deps.key.kid]: deps.key.certificatePem });
  });
  router.get("/oauth2/v3/certs", (_req, res) => {
    res.set("Cache-Control", certsCacheControl).json({ keys: [deps.key.jwk] });
  });

  return router;
}

/** With YouTube asked, a Brand Account manager picks an identity ("ask"); null: none. */
function chosenIdentity(person: SeedAccount, scope: string, identity: string | null): SeedAccount | "ask" | null {
  const brands = person.brandAccounts ?? [];
  const asksYouTube = grantedScopes(scope, true).some((granted) => YOUTUBE_READ_SCOPES.includes(granted));
  if (!asksYouTube || brands.length === 0) return person;
  if (identity === null) return "ask";
  return [person, ...brands].find((candidate) => candidate.sub === identity) ?? null;
}

function parseAuthorization(
  params: URLSearchParams,
  clients: ReadonlyMap<string, RegisteredClient>,
): ParsedAuthorization | Failure {
  const clientId = params.get("client_id");
  if (!clientId) return invalid("Missing required parameter: client_id");
  const client = clients.get(clientId);
  if (!client) return failure(401, "invalid_client", "The OAuth client was not found.");
  const redirectUri = params.get("redirect_uri");
  if (!redirectUri) return invalid("Missing required parameter: redirect_uri");
  // A mismatch gets Google's error page, never a redirect.
  if (!client.redirectUris.includes(redirectUri))
    return failure(
      400,
      "redirect_uri_mismatch",
      `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. If you're the app developer, register the redirect URI in the Google Cloud Console. Request details: redirect_uri=${redirectUri}`,
    );
  const responseType = params.get("response_type");
  if (!responseType) return invalid("Required parameter is missing: response_type");
  if (responseType !== "code")
    return failure(400, "unsupported_response_type", `Invalid response_type: ${responseType}`);
  const scope = params.get("scope");
  if (!scope?.trim()) return invalid("Missing required parameter: scope");
  const codeChallenge = params.get("code_challenge");
  const method = params.get("code_challenge_method") ?? "plain";
  if (method !== "S256" && method !== "plain") return invalid("Invalid code_challenge_method value.");
  if (params.has("code_challenge_method") && !codeChallenge) return invalid("Missing code_challenge.");
  const accessType = params.get("access_type") ?? "online";
  if (accessType !== "online" && accessType !== "offline") return invalid(`Invalid access_type: ${accessType}`);
  return {
    clientId,
    redirectUri,
    codeChallenge,
    codeChallengeMethod: method,
    nonce: params.get("nonce"),
    scope,
    state: params.get("state"),
    accessType,
    loginHint: params.get("login_hint"),
    params,
  };
}

/** client_secret_post or client_secret_basic, as Google accepts both. */
function authenticateClient(
  req: Request,
  body: URLSearchParams,
  clients: ReadonlyMap<string, RegisteredClient>,
): { clientId: string } | Failure {
  const basic = /^Basic (.+)$/i.exec(req.get("authorization") ?? "")?.[1];
  const [basicId, ...secretParts] = basic ? Buffer.from(basic, "base64").toString("utf8").split(":") : [];
  const clientId = basicId ?? body.get("client_id");
  const secret = basic ? secretParts.join(":") : body.get("client_secret");
  if (!clientId) return invalid("Could not determine client ID from request.");
  const expected = clients.get(clientId)?.clientSecret;
  if (expected === undefined) return failure(401, "invalid_client", "The OAuth client was not found.");
  if (!secret) return invalid("client_secret is missing.");
  if (secret !== expected) return failure(401, "invalid_client", "Unauthorized");
  return { clientId };
}

function idToken(deps: OAuthDeps, grant: Grant, accessToken: string, nonce: string | null) {
  const { account } = grant;
  const iat = Math.floor(Date.now() / 1000);
  const audience = deps.controls.nextIdTokenAudience ?? grant.clientId;
  deps.controls.nextIdTokenAudience = null;
  const [givenName, ...familyName] = account.name.split(" ");
  return deps.key.signJwt({
    iss: deps.issuer,
    azp: grant.clientId,
    aud: audience,
    sub: account.sub,
    ...(grant.scopes.includes(EMAIL_SCOPE) ? { email: account.email, email_verified: true } : {}),
    at_hash: accessTokenHash(accessToken),
    ...(nonce ? { nonce } : {}),
    ...(grant.scopes.includes(PROFILE_SCOPE)
      ? { name: account.name, given_name: givenName, family_name: familyName.join(" ") }
      : {}),
    iat,
    exp: iat + 3600,
  });
}

/** Google's v3 tokeninfo: every value a string. */
function accessTokenInfo(deps: OAuthDeps, token: string): Record<string, string> | null {
  const found = deps.grants.accessToken(token);
  if (!found) return null;
  const { grant } = found;
  const hasEmail = grant.scopes.includes(EMAIL_SCOPE);
  return {
    azp: grant.clientId,
    aud: grant.clientId,
    sub: grant.account.sub,
    scope: grant.scopes.join(" "),
    exp: String(Math.floor(found.expiresAt / 1000)),
    expires_in: String(Math.max(0, Math.floor((found.expiresAt - Date.now()) / 1000))),
    ...(hasEmail ? { email: grant.account.email, email_verified: "true" } : {}),
    access_type: grant.accessType,
  };
}

/** Plays a taken fault, if any, in Google's JSON error format. */
function playedFault(fault: ReturnType<typeof takeFault>, res: Response) {
  if (!fault || fault === "played") return fault === "played";
  res.status(fault.status).json({
    error: { code: fault.status, message: fault.reason, status: fault.status >= 500 ? "UNAVAILABLE" : "UNKNOWN" },
  });
  return true;
}

function sendErrorPage(res: Response, failure: Failure) {
  res.status(failure.status).type("html").send(errorPage(failure));
}

function sendOAuthError(res: Response, failure: Failure) {
  res.status(failure.status).json({ error: failure.error, error_description: failure.description });
}

function formOf(req: Request): URLSearchParams {
  return new URLSearchParams(typeof req.body === "string" ? req.body : "");
}
