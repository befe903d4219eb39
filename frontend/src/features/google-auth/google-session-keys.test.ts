import { describe, expect, it } from "vitest";
import {
  FORCE_TEST_MODE_STORAGE_KEY,
  forgetLegacyGoogleSession,
  GOOGLE_AUTH_STORAGE_KEY,
  USER_EMAIL_STORAGE_KEY,
} from "./google-session-keys.ts";

const leftover = JSON.stringify({ email: "viewer@example.com", accessToken: "ya29.token", expiresAt: 2_000 });

describe("google session keys", () => {
  it("when an older version left a session in localStorage, then it is removed and the tab's own session stays", () => {
    localStorage.setItem(GOOGLE_AUTH_STORAGE_KEY, leftover);
    localStorage.setItem(USER_EMAIL_STORAGE_KEY, "viewer@example.com");
    localStorage.setItem(FORCE_TEST_MODE_STORAGE_KEY, "true");
    localStorage.setItem("thirdweb:connected-wallet-ids", "[]");
    sessionStorage.setItem(GOOGLE_AUTH_STORAGE_KEY, leftover);

    forgetLegacyGoogleSession();

    expect(Object.keys(localStorage)).toEqual(["thirdweb:connected-wallet-ids"]);
    expect(sessionStorage.getItem(GOOGLE_AUTH_STORAGE_KEY)).toBe(leftover);
  });
});
