import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { YOUTUBE_READONLY_SCOPE } from "@tube/common/constants";
import type { ErrorCode } from "@tube/common/errors";
import { startGoogleEmulator, type GoogleEmulator } from "@tube/local-world/google-emulator/google-emulator";
import { LOCAL_CHANNEL_ID } from "@tube/local-world/google-emulator/seed-accounts";
import { obtainAccessToken, signInWithEmulator } from "@tube/local-world/test/google-sign-in";
import { AppError } from "../errors.ts";
import { createGoogleGateway, type GoogleGateway } from "./google-gateway.ts";
import { isBrandAccountEmail } from "./google-gateway.ts";

const APP = { clientId: "tube-local.apps.googleusercontent.com", clientSecret: "tube-secret" };
const OTHER_APP = { clientId: "other-app.apps.googleusercontent.com", clientSecret: "other-secret" };
const REDIRECT_URI = "http://localhost:5173/auth/google/callback";

let google: GoogleEmulator;
let gateway: GoogleGateway;
const calls: Array<[string, string]> = [];
const warnings: string[] = [];

beforeAll(async () => {
  google = await startGoogleEmulator({
    clients: [APP, OTHER_APP].map((client) => ({ ...client, redirectUris: [REDIRECT_URI] })),
  });
  gateway = createGoogleGateway({
    ...APP,
    emulatorUrl: `${google.url}/`,
    logger: { warn: (obj, msg) => warnings.push(JSON.stringify({ obj, msg })) },
    onCall: (api, outcome) => calls.push([api, outcome]),
  });
});
afterAll(() => google.stop());

const signIn = (account: string, client = APP) =>
  signInWithEmulator({ emulatorUrl: google.url, clientId: client.clientId, redirectUri: REDIRECT_URI, account });

const accessTokenOf = async (account: string, client = APP) =>
  (await obtainAccessToken({ emulatorUrl: google.url, ...client, redirectUri: REDIRECT_URI, account })).accessToken;

async function exchange(account: string) {
  const { code, codeVerifier } = await signIn(account);
  return gateway.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI });
}

async function expectAppError(promise: Promise<unknown>, code: ErrorCode): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

async function control(path: string, body: object) {
  const response = await fetch(`${google.url}/__emulator/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

const faultsLeft = async (target: "youtube" | "tokeninfo" | "token" = "youtube") =>
  ((await (await fetch(`${google.url}/__emulator/${target}-fault`)).json()) as { remaining: number }).remaining;

/** Arms a fault for more attempts than any call makes, and reads afterwards how many the stand-in saw. */
async function countAttempts(target: "youtube" | "tokeninfo" | "token", fault: object, call: () => Promise<unknown>) {
  const armed = 10;
  await control(`${target}-fault`, { ...fault, count: armed });
  try {
    await call();
    return armed - (await faultsLeft(target));
  } finally {
    await control(`${target}-fault`, { count: 0 });
  }
}

describe("exchangeCode", () => {
  it("when Alice signs in, then her verified identity and a working access token come back", async () => {
    const { identity, accessToken } = await exchange("alice@example.com");
    expect(identity).toMatchObject({ sub: "100000000000000000001", email: "alice@example.com" });
    expect(identity.scopes).toContain(YOUTUBE_READONLY_SCOPE);
    expect(identity.expiresAt).toBeGreaterThan(Date.now() + 3_000_000);
    expect(await gateway.validateAccessToken(accessToken)).toMatchObject({ sub: identity.sub, email: identity.email });
  });

  it("when the code was already redeemed, then GOOGLE_AUTH_FAILED", async () => {
    const { code, codeVerifier } = await signIn("alice@example.com");
    await gateway.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI });
    await expectAppError(gateway.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }), "GOOGLE_AUTH_FAILED");
  });

  it("when the PKCE verifier is not the one the code was asked with, then GOOGLE_AUTH_FAILED", async () => {
    const { code } = await signIn("alice@example.com");
    const { codeVerifier: otherVerifier } = await signIn("alice@example.com");
    await expectAppError(
      gateway.exchangeCode({ code, codeVerifier: otherVerifier, redirectUri: REDIRECT_URI }),
      "GOOGLE_AUTH_FAILED",
    );
  });

  it("when the code was issued to another app, then Google refuses it and GOOGLE_AUTH_FAILED", async () => {
    const { code, codeVerifier } = await signIn("alice@example.com", OTHER_APP);
    await expectAppError(gateway.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }), "GOOGLE_AUTH_FAILED");
  });

  it("when the id_token names another audience, then GOOGLE_TOKEN_WRONG_AUDIENCE", async () => {
    const { code, codeVerifier } = await signIn("alice@example.com");
    await control("id-token-audience", { aud: OTHER_APP.clientId });
    await expectAppError(
      gateway.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }),
      "GOOGLE_TOKEN_WRONG_AUDIENCE",
    );
  });

  it("when the person withheld YouTube access, then GOOGLE_SCOPE_MISSING and the grant is revoked", async () => {
    calls.length = 0;
    await expectAppError(exchange("frank@example.com"), "GOOGLE_SCOPE_MISSING");
    // token, then revoke: both answered by Google.
    expect(calls).toEqual([
      ["oauth", "ok"],
      ["oauth", "ok"],
    ]);
  });
});

describe("Brand Accounts", () => {
  // ivan@example.com, seeded, manages one Brand Account.
  const ivan = () => google.accounts.find((account) => account.email === "ivan@example.com")!;
  const brand = () => ivan().brandAccounts![0]!;
  const brandCode = () =>
    signInWithEmulator({
      emulatorUrl: google.url,
      clientId: APP.clientId,
      redirectUri: REDIRECT_URI,
      account: ivan().email,
      identity: brand().sub,
    });

  it("when Google reports an e-mail at pages.plusgoogle.com, then it is a Brand Account's", () => {
    expect(isBrandAccountEmail("brand-1234@pages.plusgoogle.com")).toBe(true);
    expect(isBrandAccountEmail("Brand-1234@Pages.PlusGoogle.com")).toBe(true);
    expect(isBrandAccountEmail("ivan@example.com")).toBe(false);
    expect(isBrandAccountEmail("pages.plusgoogle.com@example.com")).toBe(false);
  });

  it("when a Brand identity signs in and Brand Accounts are not allowed, then BRAND_ACCOUNT_REFUSED and the grant is revoked", async () => {
    calls.length = 0;
    await expectAppError(
      gateway.exchangeCode({ ...(await brandCode()), redirectUri: REDIRECT_URI }),
      "BRAND_ACCOUNT_REFUSED",
    );
    // token, then revoke: both answered by Google.
    expect(calls).toEqual([
      ["oauth", "ok"],
      ["oauth", "ok"],
    ]);
  });

  it("when Brand Accounts are allowed, then the Brand identity signs in as itself, and its token is re-validated as such", async () => {
    const allowing = createGoogleGateway({ ...APP, emulatorUrl: google.url, allowBrandAccounts: true });
    const { identity, accessToken } = await allowing.exchangeCode({
      ...(await brandCode()),
      redirectUri: REDIRECT_URI,
    });
    expect(identity).toMatchObject({ sub: brand().sub, email: brand().email });

    expect(await allowing.validateAccessToken(accessToken)).toMatchObject({ sub: brand().sub });
    await expectAppError(gateway.validateAccessToken(accessToken), "BRAND_ACCOUNT_REFUSED");
  });
});

describe("validateAccessToken", () => {
  it("when the token belongs to another app, then GOOGLE_TOKEN_WRONG_AUDIENCE", async () => {
    await expectAppError(
      gateway.validateAccessToken(await accessTokenOf("alice@example.com", OTHER_APP)),
      "GOOGLE_TOKEN_WRONG_AUDIENCE",
    );
  });

  it("when the token lacks youtube.readonly, then GOOGLE_SCOPE_MISSING", async () => {
    await expectAppError(gateway.validateAccessToken(await accessTokenOf("frank@example.com")), "GOOGLE_SCOPE_MISSING");
  });

  it("when Google does not know the token, then GOOGLE_TOKEN_INVALID", async () => {
    await expectAppError(gateway.validateAccessToken("ya29.not-a-token"), "GOOGLE_TOKEN_INVALID");
  });

  it("when the token has expired, then GOOGLE_TOKEN_INVALID", async () => {
    const token = await accessTokenOf("alice@example.com");
    await control("expire", { access_token: token });
    await expectAppError(gateway.validateAccessToken(token), "GOOGLE_TOKEN_INVALID");
  });

  it("when one token is checked again and by simultaneous requests, then Google is asked once", async () => {
    const token = await accessTokenOf("alice@example.com");
    calls.length = 0;
    await Promise.all([gateway.validateAccessToken(token), gateway.validateAccessToken(token)]);
    expect(await gateway.validateAccessToken(token)).toMatchObject({ sub: "100000000000000000001" });
    expect(calls).toEqual([["oauth", "ok"]]);
  });

  it("when a checked token has since expired at Google, then the check is reused, unless a check since a given time is asked for", async () => {
    const token = await accessTokenOf("alice@example.com");
    await gateway.validateAccessToken(token);
    const since = Date.now();
    await control("expire", { access_token: token });
    expect(await gateway.validateAccessToken(token)).toMatchObject({ sub: "100000000000000000001" });
    await expectAppError(gateway.validateAccessToken(token, { checkedSince: since }), "GOOGLE_TOKEN_INVALID");
  });

  it("when Google could not check a token, then the next request asks again", async () => {
    const token = await accessTokenOf("alice@example.com");
    await countAttempts("tokeninfo", { status: 503 }, () =>
      expectAppError(gateway.validateAccessToken(token), "GOOGLE_UNAVAILABLE"),
    );
    expect(await gateway.validateAccessToken(token)).toMatchObject({ sub: "100000000000000000001" });
  });

  it("when a checked token was revoked through the app, then GOOGLE_TOKEN_INVALID, and revoking it again is harmless", async () => {
    const token = await accessTokenOf("alice@example.com");
    await gateway.validateAccessToken(token);
    await gateway.revokeToken(token);
    await expectAppError(gateway.validateAccessToken(token), "GOOGLE_TOKEN_INVALID");
    await expect(gateway.revokeToken(token)).resolves.toBeUndefined();
  });
});

describe("YouTube", () => {
  it("when Alice is subscribed, then the subscription says so, and channels.list names her channel with its handle", async () => {
    const token = await accessTokenOf("alice@example.com");
    expect(await gateway.checkSubscription(token, LOCAL_CHANNEL_ID)).toEqual({ isSubscribed: true });
    expect(await gateway.checkSubscription(token, "UCsome-other-channel")).toEqual({ isSubscribed: false });
    expect(await gateway.getOwnChannel(token)).toEqual({
      id: "UCalice-local-channel-00",
      title: "Alice Watches",
      handle: "@alicewatches",
    });
  });

  it("when Bob is not subscribed, then the check says not subscribed", async () => {
    expect(await gateway.checkSubscription(await accessTokenOf("bob@example.com"), LOCAL_CHANNEL_ID)).toMatchObject({
      isSubscribed: false,
    });
  });

  it("when Carol has no channel, then getOwnChannel is null and the subscription check is YOUTUBE_SIGNUP_REQUIRED", async () => {
    const token = await accessTokenOf("carol@example.com");
    expect(await gateway.getOwnChannel(token)).toBeNull();
    await expectAppError(gateway.checkSubscription(token, LOCAL_CHANNEL_ID), "YOUTUBE_SIGNUP_REQUIRED");
  });

  it.each([
    ["dave@example.com", "YOUTUBE_ACCOUNT_SUSPENDED"],
    ["grace@example.com", "YOUTUBE_ACCOUNT_SUSPENDED"],
    ["frank@example.com", "YOUTUBE_INSUFFICIENT_PERMISSIONS"],
  ] as const)("when %s asks, then %s", async (account, code) => {
    await expectAppError(gateway.checkSubscription(await accessTokenOf(account), LOCAL_CHANNEL_ID), code);
  });

  it("when the daily quota is spent, then YOUTUBE_QUOTA_EXCEEDED with a retry before the next Pacific midnight", async () => {
    const error = await expectAppError(
      gateway.checkSubscription(await accessTokenOf("erin@example.com"), LOCAL_CHANNEL_ID),
      "YOUTUBE_QUOTA_EXCEEDED",
    );
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(86_400);
  });

  it("when the token is unknown to YouTube, then GOOGLE_TOKEN_INVALID", async () => {
    await expectAppError(gateway.getOwnChannel("ya29.not-a-token"), "GOOGLE_TOKEN_INVALID");
  });

  it("when YouTube fails once with a 503, then the call is retried once and succeeds", async () => {
    const token = await accessTokenOf("alice@example.com");
    calls.length = 0;
    await control("youtube-fault", { status: 503, count: 1 });
    expect(await gateway.checkSubscription(token, LOCAL_CHANNEL_ID)).toMatchObject({ isSubscribed: true });
    expect(calls).toEqual([
      ["youtube", "YOUTUBE_UNAVAILABLE"],
      ["youtube", "ok"],
    ]);
  });

  it("when YouTube fails twice, then exactly two calls are made and YOUTUBE_UNAVAILABLE, with no token in the logs", async () => {
    const token = await accessTokenOf("alice@example.com");
    warnings.length = 0;
    await control("youtube-fault", { status: 500, count: 3 });
    await expectAppError(gateway.checkSubscription(token, LOCAL_CHANNEL_ID), "YOUTUBE_UNAVAILABLE");
    expect(await faultsLeft()).toBe(1);
    await control("youtube-fault", { count: 0 });
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.join("\n")).not.toContain(token);
  });

  it("when the connection drops once, then the retry succeeds", async () => {
    const token = await accessTokenOf("alice@example.com");
    await control("youtube-fault", { status: 0, count: 1 });
    expect(await gateway.getOwnChannel(token)).toMatchObject({ handle: "@alicewatches" });
  });

  it("when YouTube answers a rate limit, then it is not retried and asks to come back in a minute", async () => {
    const token = await accessTokenOf("alice@example.com");
    await control("youtube-fault", { status: 403, reason: "rateLimitExceeded", count: 2 });
    const error = await expectAppError(gateway.checkSubscription(token, LOCAL_CHANNEL_ID), "YOUTUBE_QUOTA_EXCEEDED");
    expect(error.retryAfterSeconds).toBe(60);
    expect(await faultsLeft()).toBe(1);
    await control("youtube-fault", { count: 0 });
  });
});

describe("one time budget per call, whatever the library retries", () => {
  // A budget short enough for a hung Google to spend it quickly; the stand-in answers everything else at once.
  const budgeted = () => createGoogleGateway({ ...APP, emulatorUrl: google.url, timeoutMs: 400 });

  it("when the token endpoint answers 503, then the code exchange is tried once (a retry would meet invalid_grant) and GOOGLE_UNAVAILABLE", async () => {
    const { code, codeVerifier } = await signIn("alice@example.com");
    let error: unknown;
    const attempts = await countAttempts("token", { status: 503 }, async () => {
      error = await gateway.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }).catch((caught) => caught);
    });
    expect(attempts).toBe(1);
    expect((error as AppError).code).toBe("GOOGLE_UNAVAILABLE");
  });

  it("when the token endpoint never answers, then the exchange ends with its budget after one attempt: GOOGLE_UNAVAILABLE", async () => {
    const { code, codeVerifier } = await signIn("alice@example.com");
    let error: unknown;
    const attempts = await countAttempts("token", { hang: true }, async () => {
      error = await budgeted()
        .exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI })
        .catch((caught) => caught);
    });
    expect(attempts).toBe(1);
    expect((error as AppError).code).toBe("GOOGLE_UNAVAILABLE");
  });

  it("when tokeninfo never answers, then the library's time-out retries do not run past the budget: one attempt, GOOGLE_UNAVAILABLE", async () => {
    const token = await accessTokenOf("alice@example.com");
    let error: unknown;
    const attempts = await countAttempts("tokeninfo", { hang: true }, async () => {
      error = await budgeted()
        .validateAccessToken(token)
        .catch((caught) => caught);
    });
    expect(attempts).toBe(1);
    expect((error as AppError).code).toBe("GOOGLE_UNAVAILABLE");
  });

  it("when tokeninfo answers 503 once, then the library retries within the budget and the call succeeds", async () => {
    const token = await accessTokenOf("alice@example.com");
    await control("tokeninfo-fault", { status: 503, count: 1 });
    expect(await gateway.validateAccessToken(token)).toMatchObject({ sub: "100000000000000000001" });
    expect(await faultsLeft("tokeninfo")).toBe(0);
  });

  it("when YouTube never answers, then its own retry does not run past the budget: one attempt, YOUTUBE_UNAVAILABLE", async () => {
    const token = await accessTokenOf("alice@example.com");
    let error: unknown;
    const attempts = await countAttempts("youtube", { hang: true }, async () => {
      error = await budgeted()
        .checkSubscription(token, LOCAL_CHANNEL_ID)
        .catch((caught) => caught);
    });
    expect(attempts).toBe(1);
    expect((error as AppError).code).toBe("YOUTUBE_UNAVAILABLE");
  });
});

describe("tokens no HTTP header can carry", () => {
  it.each([
    ["a line break", "\r\nX-Injected: 1"],
    ["NUL", "\0"],
    ["a character past Latin-1", "\u0100"],
  ])(
    "when an access token holds %s, then every call with it is GOOGLE_TOKEN_INVALID without an attempt, and no error quotes it",
    async (_what, breaker) => {
      const token = `ya29.unsendable${breaker}tail`;
      calls.length = 0;
      for (const call of [
        gateway.validateAccessToken(token),
        gateway.checkSubscription(token, LOCAL_CHANNEL_ID),
        gateway.getOwnChannel(token),
      ]) {
        const error = await expectAppError(call, "GOOGLE_TOKEN_INVALID");
        const cause = error.cause as Error;
        expect(`${error.message}\n${cause.message}\n${cause.stack}`).not.toMatch(/unsendable|tail/);
      }
      expect(calls).toEqual([]);
    },
  );
});
