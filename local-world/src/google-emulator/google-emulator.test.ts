import { X509Certificate, createPublicKey, randomBytes, verify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGoogleAccount } from "./create-account.ts";
import { startGoogleEmulator, type GoogleEmulator } from "./google-emulator.ts";
import { LOCAL_CHANNEL_ID } from "./seed-accounts.ts";
import { obtainAccessToken, signInWithEmulator } from "../test/google-sign-in.ts";

const REDIRECT_URI = "http://localhost:5173/auth/google/callback";
const CLIENT = {
  clientId: "tube-local.apps.googleusercontent.com",
  clientSecret: "local-secret",
  redirectUris: [REDIRECT_URI],
};

let google: GoogleEmulator;
beforeAll(async () => {
  google = await startGoogleEmulator({ clients: [CLIENT] });
});
afterAll(() => google.stop());

const signIn = (account: string, extra: { accessType?: "online" | "offline" } = {}) =>
  signInWithEmulator({
    emulatorUrl: google.url,
    clientId: CLIENT.clientId,
    redirectUri: REDIRECT_URI,
    account,
    ...extra,
  });

const token = (account: string, extra: { accessType?: "online" | "offline" } = {}) =>
  obtainAccessToken({ emulatorUrl: google.url, ...CLIENT, redirectUri: REDIRECT_URI, account, ...extra });

function redeem(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${google.url}/token`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ grant_type: "authorization_code", redirect_uri: REDIRECT_URI, ...fields }),
  });
}

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${google.url}${path}`, { method: "POST", body: new URLSearchParams(fields) });

const youtube = (path: string, accessToken: string) =>
  fetch(`${google.url}/youtube/v3/${path}`, { headers: { authorization: `Bearer ${accessToken}` } });

describe("account chooser", () => {
  it("when a known client asks, then it offers every seeded account as a button", async () => {
    const params = new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "openid email",
      state: "s1",
    });
    const response = await fetch(`${google.url}/o/oauth2/v2/auth?${params}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain("<h1>Choose an account</h1>");
    for (const account of google.accounts)
      expect(html).toContain(`<button type="submit" name="account" value="${account.email}"`);
  });

  it("when the client is unknown, then it shows Google's invalid_client error page", async () => {
    const params = new URLSearchParams({
      client_id: "nobody",
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "email",
    });
    const response = await fetch(`${google.url}/o/oauth2/v2/auth?${params}`);
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("invalid_client");
  });

  it.each([
    ["another origin", "https://evil.example/auth/google/callback"],
    ["another port", "http://localhost:5174/auth/google/callback"],
    ["another path", "http://localhost:5173/auth/google/other"],
    ["a trailing slash", `${REDIRECT_URI}/`],
    ["another case", REDIRECT_URI.replace("google", "Google")],
    ["a query string", `${REDIRECT_URI}?next=/claim`],
  ])(
    "when the redirect URI differs from the registered one by %s, then Google's 400 redirect_uri_mismatch page shows and nothing redirects",
    async (_difference, redirectUri) => {
      const params = new URLSearchParams({
        client_id: CLIENT.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "openid email",
        state: "s1",
      });
      for (const path of ["/o/oauth2/v2/auth", "/o/oauth2/v2/auth/choose"]) {
        const response = await fetch(`${google.url}${path}?${params}&account=alice@example.com`, {
          redirect: "manual",
        });
        const html = await response.text();
        expect(response.status).toBe(400);
        expect(response.headers.get("location")).toBeNull();
        expect(html).toContain("Error 400: redirect_uri_mismatch");
        expect(html).toContain("register the redirect URI");
      }
    },
  );

  it("when signing in through a helper with an unregistered redirect URI, then it is refused", async () => {
    await expect(
      signInWithEmulator({
        emulatorUrl: google.url,
        clientId: CLIENT.clientId,
        redirectUri: "http://localhost:3000/auth/google/callback",
        account: "alice@example.com",
      }),
    ).rejects.toThrow(/HTTP 400[\s\S]*redirect_uri_mismatch/);
  });

  it("when the person cancels, then it redirects back with access_denied and the state", async () => {
    const params = new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "email",
      state: "s2",
      cancel: "1",
    });
    const response = await fetch(`${google.url}/o/oauth2/v2/auth/choose?${params}`, { redirect: "manual" });
    const back = new URL(response.headers.get("location") ?? "");
    expect(response.status).toBe(302);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toEqual({ state: "s2", error: "access_denied" });
  });
});

describe("token endpoint", () => {
  it("when the code and verifier match, then it answers Google's token response with a verifiable id_token", async () => {
    const { code, codeVerifier } = await signIn("alice@example.com");
    const response = await redeem({ code, code_verifier: codeVerifier, ...secretPost() });
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 3599 });
    expect(body).not.toHaveProperty("refresh_token");
    expect(String(body.scope).split(" ").sort()).toEqual([
      "https://www.googleapis.com/auth/userinfo.email",
      "https://www.googleapis.com/auth/youtube.readonly",
      "openid",
    ]);
    const [, payload] = String(body.id_token).split(".");
    expect(JSON.parse(Buffer.from(payload ?? "", "base64url").toString())).toMatchObject({
      iss: google.url,
      aud: CLIENT.clientId,
      azp: CLIENT.clientId,
      sub: "100000000000000000001",
      email: "alice@example.com",
      email_verified: true,
    });
  });

  it("when the client authenticates with HTTP Basic and asked for offline access, then a refresh token comes back", async () => {
    const { code, codeVerifier } = await signIn("alice@example.com", { accessType: "offline" });
    const basic = Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString("base64");
    const response = await redeem({ code, code_verifier: codeVerifier }, { authorization: `Basic ${basic}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty("refresh_token");
  });

  it("when the verifier does not answer the S256 challenge, then invalid_grant", async () => {
    const { code } = await signIn("alice@example.com");
    const response = await redeem({ code, code_verifier: randomBytes(32).toString("base64url"), ...secretPost() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid_grant", error_description: "Invalid code verifier." });
  });

  it("when the verifier is missing, then invalid_grant", async () => {
    const { code } = await signIn("alice@example.com");
    const response = await redeem({ code, ...secretPost() });
    expect(await response.json()).toEqual({ error: "invalid_grant", error_description: "Missing code verifier." });
  });

  it("when a code is redeemed twice, then the second time is invalid_grant", async () => {
    const { code, codeVerifier } = await signIn("alice@example.com");
    expect((await redeem({ code, code_verifier: codeVerifier, ...secretPost() })).status).toBe(200);
    const again = await redeem({ code, code_verifier: codeVerifier, ...secretPost() });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("when the redirect_uri differs from the one the code was issued for, then redirect_uri_mismatch", async () => {
    const { code, codeVerifier } = await signIn("alice@example.com");
    const response = await redeem({
      code,
      code_verifier: codeVerifier,
      ...secretPost(),
      redirect_uri: "http://localhost:9999/elsewhere",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "redirect_uri_mismatch" });
  });

  it("when the client secret is wrong, then invalid_client 401", async () => {
    const { code, codeVerifier } = await signIn("alice@example.com");
    const response = await redeem({
      code,
      code_verifier: codeVerifier,
      client_id: CLIENT.clientId,
      client_secret: "wrong",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "invalid_client" });
  });

  it("when the person unticked YouTube, then the granted scope lacks youtube.readonly", async () => {
    const tokens = await token("frank@example.com");
    expect(tokens.scope).not.toContain("youtube");
    expect(tokens.scope).toContain("userinfo.email");
  });
});

describe("tokeninfo and revoke", () => {
  it("when asked about a live access token, then it answers Google's shape with string values", async () => {
    const tokens = await token("bob@example.com");
    const response = await fetch(`${google.url}/tokeninfo?access_token=${tokens.accessToken}`);
    const info = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(info).toMatchObject({
      azp: CLIENT.clientId,
      aud: CLIENT.clientId,
      sub: "100000000000000000002",
      scope: tokens.scope,
      email: "bob@example.com",
      email_verified: "true",
      access_type: "online",
    });
    expect(Number(info.expires_in)).toBeGreaterThan(3500);
    expect(typeof info.exp).toBe("string");
  });

  it("when asked by POST with a form body or a Bearer header, then it answers the same", async () => {
    const tokens = await token("bob@example.com");
    const byForm = await post("/tokeninfo", { access_token: tokens.accessToken });
    const byHeader = await fetch(`${google.url}/tokeninfo`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(await byForm.json()).toMatchObject({ email: "bob@example.com" });
    expect(await byHeader.json()).toMatchObject({ email: "bob@example.com" });
  });

  it("when the token is unknown, then 400 invalid_token", async () => {
    const response = await fetch(`${google.url}/tokeninfo?access_token=ya29.nope`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid_token", error_description: "Invalid Value" });
  });

  it("when a token is expired through the control hook, then tokeninfo refuses it", async () => {
    const tokens = await token("bob@example.com");
    await fetch(`${google.url}/__emulator/expire`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ access_token: tokens.accessToken }),
    });
    expect((await fetch(`${google.url}/tokeninfo?access_token=${tokens.accessToken}`)).status).toBe(400);
  });

  it("when the refresh token is revoked, then the whole grant stops working, access token included", async () => {
    const tokens = await token("alice@example.com", { accessType: "offline" });
    const revoked = await fetch(`${google.url}/revoke?token=${tokens.refreshToken}`, { method: "POST" });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({});
    expect((await fetch(`${google.url}/tokeninfo?access_token=${tokens.accessToken}`)).status).toBe(400);
    expect((await youtube("channels?part=snippet&mine=true", tokens.accessToken)).status).toBe(401);
    const again = await post("/revoke", { token: tokens.accessToken });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "invalid_token" });
  });
});

describe("signing keys", () => {
  it("when the PEM certs are fetched, then each is an X.509 certificate whose key checks the id_token signature", async () => {
    const tokens = await token("alice@example.com");
    const certs = (await (await fetch(`${google.url}/oauth2/v1/certs`)).json()) as Record<string, string>;
    const jwks = (await (await fetch(`${google.url}/oauth2/v3/certs`)).json()) as { keys: Array<{ kid: string }> };
    const [header, payload, signature] = (tokens.idToken ?? "").split(".");
    const { kid } = JSON.parse(Buffer.from(header ?? "", "base64url").toString()) as { kid: string };
    const certificate = new X509Certificate(certs[kid] ?? "");
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(jwks.keys.map((key) => key.kid)).toEqual([kid]);
    expect(certificate.publicKey.equals(createPublicKey({ key: jwks.keys[0] as never, format: "jwk" }))).toBe(true);
    expect(
      verify(
        "sha256",
        Buffer.from(`${header}.${payload}`),
        certificate.publicKey,
        Buffer.from(signature ?? "", "base64url"),
      ),
    ).toBe(true);
  });
});

describe("YouTube", () => {
  const channelId = LOCAL_CHANNEL_ID;

  it("when a subscriber asks about the channel, then one youtube#subscription item comes back", async () => {
    const { accessToken } = await token("alice@example.com");
    const body = (await (
      await youtube(`subscriptions?part=snippet&mine=true&forChannelId=${channelId}`, accessToken)
    ).json()) as {
      kind: string;
      items: Array<{ kind: string; snippet: { resourceId: { channelId: string } } }>;
    };
    expect(body.kind).toBe("youtube#subscriptionListResponse");
    expect(body.items).toHaveLength(1);
    expect(body.items[0]?.snippet.resourceId).toEqual({ kind: "youtube#channel", channelId });
  });

  it("when a subscriber asks for the subscriberSnippet part, then the item names the subscriber's own channel, without a handle", async () => {
    const { accessToken } = await token("alice@example.com");
    const body = (await (
      await youtube(`subscriptions?part=snippet,subscriberSnippet&mine=true&forChannelId=${channelId}`, accessToken)
    ).json()) as { items: Array<{ subscriberSnippet: unknown }> };
    expect(body.items[0]?.subscriberSnippet).toMatchObject({
      title: "Alice Watches",
      channelId: "UCalice-local-channel-00",
    });
    expect(JSON.stringify(body.items[0]?.subscriberSnippet)).not.toContain("@alicewatches");
  });

  it("when an account makes YouTube calls, failed or not, then each costs it 1 unit in the stand-in's count", async () => {
    const account = await createGoogleAccount(google.url, { subscribed: false });
    const { accessToken } = await token(account.email);
    const unitsOf = async (email?: string) =>
      (
        (await (await fetch(`${google.url}/__emulator/youtube-units${email ? `?account=${email}` : ""}`)).json()) as {
          units: number;
        }
      ).units;
    const totalBefore = await unitsOf();
    await youtube(`subscriptions?part=snippet,subscriberSnippet&mine=true&forChannelId=${channelId}`, accessToken);
    await youtube("channels?part=snippet&mine=true", accessToken);
    await youtube("channels?mine=true", accessToken);
    expect(await unitsOf(account.email)).toBe(3);
    expect((await unitsOf()) - totalBefore).toBeGreaterThanOrEqual(3);
  });

  it("when a non-subscriber asks, then items is empty", async () => {
    const { accessToken } = await token("bob@example.com");
    const body = await (
      await youtube(`subscriptions?part=snippet&mine=true&forChannelId=${channelId}`, accessToken)
    ).json();
    expect(body).toMatchObject({ items: [], pageInfo: { totalResults: 0 } });
  });

  it("when an account asks for its own channel, then the title and @handle come back as customUrl", async () => {
    const { accessToken } = await token("alice@example.com");
    const body = await (await youtube("channels?part=snippet&mine=true", accessToken)).json();
    expect(body).toMatchObject({
      kind: "youtube#channelListResponse",
      items: [{ snippet: { title: "Alice Watches", customUrl: "@alicewatches" } }],
    });
  });

  it.each([
    ["carol@example.com", 401, "youtubeSignupRequired"],
    ["dave@example.com", 403, "accountSuspended"],
    ["grace@example.com", 403, "accountClosed"],
    ["erin@example.com", 403, "quotaExceeded"],
    ["frank@example.com", 403, "insufficientPermissions"],
  ])("when %s asks for subscriptions, then %i %s in Google's error body", async (account, status, reason) => {
    const { accessToken } = await token(account);
    const response = await youtube(`subscriptions?part=snippet&mine=true&forChannelId=${channelId}`, accessToken);
    const body = (await response.json()) as {
      error: { code: number; errors: Array<{ reason: string; domain: string }> };
    };
    expect(response.status).toBe(status);
    expect(body.error.code).toBe(status);
    expect(body.error.errors[0]?.reason).toBe(reason);
  });

  it("when the account has no channel, then channels answers without items", async () => {
    const { accessToken } = await token("carol@example.com");
    const body = await (await youtube("channels?part=snippet&mine=true", accessToken)).json();
    expect(body).toMatchObject({ pageInfo: { totalResults: 0 } });
    expect(body).not.toHaveProperty("items");
  });

  it("when the token is unknown, then 401 authError", async () => {
    const response = await youtube("channels?part=snippet&mine=true", "ya29.unknown");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { errors: [{ reason: "authError" }], status: "UNAUTHENTICATED" },
    });
  });

  it("when a fault is armed for two calls, then exactly the next two fail with it", async () => {
    const { accessToken } = await token("alice@example.com");
    await fetch(`${google.url}/__emulator/youtube-fault`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ status: 503, count: 2 }),
    });
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await youtube("channels?part=snippet&mine=true", accessToken)).status);
    expect(statuses).toEqual([503, 503, 200]);
  });
});

function secretPost() {
  return { client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret };
}

describe("accounts made by tests", () => {
  const createAccount = async (body: object) => {
    const response = await fetch(`${google.url}/__emulator/accounts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, account: (await response.json()) as { email: string; sub: string } };
  };
  const subscriptionCount = async (email: string) => {
    const { accessToken } = await token(email);
    const body = (await (
      await youtube(`subscriptions?part=snippet&mine=true&forChannelId=${LOCAL_CHANNEL_ID}`, accessToken)
    ).json()) as { items: unknown[] };
    return body.items.length;
  };

  it("when a test creates an account, then it is new, signs in, and follows the channel", async () => {
    const first = await createAccount({});
    const second = await createAccount({});
    expect(first.status).toBe(201);
    expect(second.account.email).not.toBe(first.account.email);
    expect(second.account.sub).not.toBe(first.account.sub);
    expect(google.accounts.map((account) => account.email)).toContain(first.account.email);
    expect(await subscriptionCount(first.account.email)).toBe(1);
  });

  it("when a test asks for an account that is not subscribed, then it follows nothing", async () => {
    const { account } = await createAccount({ subscribed: false });
    expect(await subscriptionCount(account.email)).toBe(0);
  });

  it("when subscribed is not a boolean, then 400", async () => {
    expect((await createAccount({ subscribed: "yes" })).status).toBe(400);
  });
});

describe("Brand Accounts", () => {
  const authorization = (scope: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope,
      state: "s1",
      ...extra,
    });
  const idTokenClaims = (idToken: string | undefined) =>
    JSON.parse(Buffer.from(String(idToken).split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;

  it("when a person who manages Brand Accounts picks their account with YouTube asked, then a channel picker offers their own channel and each Brand channel", async () => {
    const person = await createGoogleAccount(google.url, { brandChannels: 2 });
    const choose = authorization("openid email https://www.googleapis.com/auth/youtube.readonly", {
      account: person.email,
    });
    const response = await fetch(`${google.url}/o/oauth2/v2/auth/choose?${choose}`, { redirect: "manual" });
    const html = await response.text();

    expect(response.status).toBe(200);
    expect(html).toContain("<h1>Choose a channel</h1>");
    for (const identity of [person, ...person.brandAccounts]) {
      expect(html).toContain(`name="identity" value="${identity.sub}"`);
      expect(html).toContain(identity.channel.title);
    }
  });

  it("when a Brand channel is picked, then the tokens name the Brand Account: its own sub, a pages.plusgoogle.com e-mail, and its channel on YouTube", async () => {
    const person = await createGoogleAccount(google.url, { brandChannels: 1 });
    const [brand] = person.brandAccounts;
    const tokens = await obtainAccessToken({
      emulatorUrl: google.url,
      ...CLIENT,
      redirectUri: REDIRECT_URI,
      account: person.email,
      identity: brand!.sub,
    });

    const claims = idTokenClaims(tokens.idToken);
    expect(claims.sub).toBe(brand!.sub);
    expect(claims.sub).not.toBe(person.sub);
    expect(claims.email).toMatch(/@pages\.plusgoogle\.com$/);
    const info = (await (await post("/tokeninfo", { access_token: tokens.accessToken })).json()) as Record<
      string,
      string
    >;
    expect(info).toMatchObject({ sub: brand!.sub, email: brand!.email });
    const channels = (await (await youtube("channels?part=snippet&mine=true", tokens.accessToken)).json()) as {
      items: Array<{ id: string }>;
    };
    expect(channels.items.map((item) => item.id)).toEqual([brand!.channel.id]);
  });

  it("when the person picks their own channel, then the tokens are the personal account's", async () => {
    const person = await createGoogleAccount(google.url, { brandChannels: 1 });
    const tokens = await obtainAccessToken({
      emulatorUrl: google.url,
      ...CLIENT,
      redirectUri: REDIRECT_URI,
      account: person.email,
      identity: person.sub,
    });
    expect(idTokenClaims(tokens.idToken)).toMatchObject({ sub: person.sub, email: person.email });
  });

  it("when no YouTube access is asked, or the person manages no Brand Account, then no picker shows", async () => {
    const person = await createGoogleAccount(google.url, { brandChannels: 1 });
    const withoutYouTube = await fetch(
      `${google.url}/o/oauth2/v2/auth/choose?${authorization("openid email", { account: person.email })}`,
      { redirect: "manual" },
    );
    expect(withoutYouTube.status).toBe(302);
    const plain = await createGoogleAccount(google.url);
    expect(plain.brandAccounts).toEqual([]);
    await expect(
      signInWithEmulator({
        emulatorUrl: google.url,
        clientId: CLIENT.clientId,
        redirectUri: REDIRECT_URI,
        account: plain.email,
      }),
    ).resolves.toMatchObject({ code: expect.any(String) });
  });

  it("when the picker is sent an identity that is not the person's, then it refuses", async () => {
    const person = await createGoogleAccount(google.url, { brandChannels: 1 });
    const stranger = await createGoogleAccount(google.url, { brandChannels: 1 });
    const choose = authorization("openid email https://www.googleapis.com/auth/youtube.readonly", {
      account: person.email,
      identity: stranger.brandAccounts[0]!.sub,
    });
    const response = await fetch(`${google.url}/o/oauth2/v2/auth/choose?${choose}`, { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("invalid_request");
  });

  it.each([-1, 1.5, 101, "2"])("when a test asks for %j Brand channels, then 400", async (brandChannels) => {
    const response = await fetch(`${google.url}/__emulator/accounts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ brandChannels }),
    });
    expect(response.status).toBe(400);
  });
});
