import { describe, expect, it } from "vitest";
import { base64UrlEncode, createCodeChallenge, createCodeVerifier, createOAuthState } from "./pkce.ts";

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
