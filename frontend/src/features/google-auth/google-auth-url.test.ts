import { describe, expect, it } from "vitest";
import {
  base64UrlEncode,
  buildGoogleAuthUrl,
  createCodeChallenge,
  createCodeVerifier,
  createOAuthState,
  googleRedirectUri,
} from "./google-auth-url.ts";

const authorizationUrl = () =>
  new URL(
    buildGoogleAuthUrl({
      authUrl: "http://127.0.0.1:4010/o/oauth2/v2/auth",
      clientId: "client-1",
      redirectUri: googleRedirectUri("https://tube.example"),
      state: "state-1",
      codeChallenge: "challenge-1",
    }),
  );

describe("buildGoogleAuthUrl", () => {
  it("when building the authorization URL, then it carries every parameter Google needs", () => {
    const url = authorizationUrl();

    expect(url.origin + url.pathname).toBe("http://127.0.0.1:4010/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "client-1",
      redirect_uri: "https://tube.example/auth/google/callback",
      response_type: "code",
      scope: expect.any(String),
      prompt: "select_account",
      include_granted_scopes: "true",
      state: "state-1",
      code_challenge: "challenge-1",
      code_challenge_method: "S256",
    });
  });

  it("when reading the scopes asked for, then they are exactly openid, the e-mail and read-only YouTube", () => {
    const scopes = authorizationUrl().searchParams.get("scope")?.split(" ");

    expect(scopes?.toSorted()).toEqual(
      [
        "openid",
        "https://www.googleapis.com/auth/userinfo.email",
        "https://www.googleapis.com/auth/youtube.readonly",
      ].toSorted(),
    );
  });

  it("when reading the URL, then it asks for no offline access, so Google issues no refresh token", () => {
    const url = authorizationUrl();

    expect(url.searchParams.has("access_type")).toBe(false);
    expect(url.searchParams.get("scope")).not.toMatch(/profile/);
  });
});

describe("PKCE", () => {
  it("when hashing the RFC 7636 example verifier, then the challenge is the RFC's", async () => {
    await expect(createCodeChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).resolves.toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });

  it("when creating a verifier, then it is 64 unreserved characters and fresh each time", () => {
    const verifier = createCodeVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]{64}$/);
    expect(createCodeVerifier()).not.toBe(verifier);
  });

  it("when creating a state, then it is random base64url", () => {
    const state = createOAuthState();
    expect(state).toMatch(/^[A-Za-z0-9\-_]{43}$/);
    expect(createOAuthState()).not.toBe(state);
  });

  it("when encoding bytes that base64 writes with + / and =, then base64url has - _ and no padding", () => {
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe("-__-");
    expect(base64UrlEncode(new Uint8Array([0xff]))).toBe("_w");
  });
});
