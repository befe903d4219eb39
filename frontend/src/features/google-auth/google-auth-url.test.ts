import { GOOGLE_SCOPES } from "@tube/common/constants";
import { describe, expect, it } from "vitest";
import { buildGoogleAuthUrl, googleRedirectUri } from "./google-auth-url.ts";

describe("buildGoogleAuthUrl", () => {
  it("when building the authorization URL, then it carries every parameter Google needs", () => {
    const url = new URL(
      buildGoogleAuthUrl({
        authUrl: "http://127.0.0.1:4010/o/oauth2/v2/auth",
        clientId: "client-1",
        redirectUri: googleRedirectUri("https://tube.example"),
        state: "state-1",
        codeChallenge: "challenge-1",
      }),
    );

    expect(url.origin + url.pathname).toBe("http://127.0.0.1:4010/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "client-1",
      redirect_uri: "https://tube.example/auth/google/callback",
      response_type: "code",
      scope: GOOGLE_SCOPES.join(" "),
      prompt: "select_account",
      access_type: "offline",
      include_granted_scopes: "true",
      state: "state-1",
      code_challenge: "challenge-1",
      code_challenge_method: "S256",
    });
  });
});
