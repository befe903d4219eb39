import { describe, expect, it } from "vitest";
import { buildGoogleAuthUrl, googleRedirectUri } from "./google-auth-url.ts";

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
