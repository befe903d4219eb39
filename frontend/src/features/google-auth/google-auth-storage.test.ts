import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { server } from "../../test/server.ts";
import { readGoogleAuth, saveGoogleAuth, signOutOfGoogle } from "./google-auth-storage.ts";
import { FORCE_TEST_MODE_STORAGE_KEY, GOOGLE_AUTH_STORAGE_KEY, USER_EMAIL_STORAGE_KEY } from "./google-session-keys.ts";

const auth = { email: "viewer@example.com", accessToken: "ya29.token", expiresAt: 2_000 };

describe("google auth storage", () => {
  it("when a session is saved, then it is read back with the e-mail stored apart, in the tab's sessionStorage only", () => {
    saveGoogleAuth(auth);
    expect(readGoogleAuth(1_000)).toEqual(auth);
    expect(sessionStorage.getItem(USER_EMAIL_STORAGE_KEY)).toBe("viewer@example.com");
    expect(localStorage.length).toBe(0);
  });

  it("when an older version left a session in localStorage, then it is not read", () => {
    localStorage.setItem(GOOGLE_AUTH_STORAGE_KEY, JSON.stringify(auth));
    expect(readGoogleAuth(1_000)).toBeNull();
  });

  it("when the token has expired, then there is no session", () => {
    saveGoogleAuth(auth);
    expect(readGoogleAuth(2_000)).toBeNull();
  });

  it("when the stored value is not a session, then it is ignored", () => {
    sessionStorage.setItem(GOOGLE_AUTH_STORAGE_KEY, "{not json");
    expect(readGoogleAuth(0)).toBeNull();
    sessionStorage.setItem(GOOGLE_AUTH_STORAGE_KEY, JSON.stringify({ email: "a@b.c" }));
    expect(readGoogleAuth(0)).toBeNull();
  });

  it("when Reset signs out, then all three reset keys are gone from both storages and even an expired token is revoked", async () => {
    const revoked: unknown[] = [];
    server.use(
      http.post("/api/auth/revoke", async ({ request }) => {
        revoked.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    saveGoogleAuth({ ...auth, expiresAt: 0 });
    localStorage.setItem(FORCE_TEST_MODE_STORAGE_KEY, "true");
    signOutOfGoogle();
    expect([sessionStorage.length, localStorage.length]).toEqual([0, 0]);
    await vi.waitFor(() => expect(revoked).toEqual([{ accessToken: "ya29.token" }]));
  });
});
