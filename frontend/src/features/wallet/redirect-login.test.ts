import { afterEach, describe, expect, it } from "vitest";
import {
  hasWalletToRestore,
  redirectLoginReturn,
  removeRedirectLoginParameters,
  replaceCredentialEntryOnceRead,
} from "./redirect-login.ts";

const plain = { search: "", hash: "" };

describe("hasWalletToRestore", () => {
  it("when nothing was connected and the URL is plain, then there is nothing to restore", () => {
    expect(hasWalletToRestore(plain)).toBe(false);
  });

  it("when the ecosystem wallet's redirect login comes back in the query or the hash, then there is", () => {
    expect(hasWalletToRestore({ search: "?walletId=ecosystem.tube&authResult=%7B%7D", hash: "" })).toBe(true);
    expect(hasWalletToRestore({ search: "", hash: "#/claim?walletId=ecosystem.tube&authCookie=abc" })).toBe(true);
  });

  it("when the URL has a walletId without an auth result, then it is not a redirect login", () => {
    expect(hasWalletToRestore({ search: "?walletId=ecosystem.tube", hash: "" })).toBe(false);
  });

  it("when thirdweb remembers a connected wallet, then there is; an empty list does not count", () => {
    localStorage.setItem("thirdweb:connected-wallet-ids", "[]");
    expect(hasWalletToRestore(plain)).toBe(false);
    localStorage.setItem("thirdweb:connected-wallet-ids", '["io.metamask"]');
    expect(hasWalletToRestore(plain)).toBe(true);
  });
});

describe("redirectLoginReturn", () => {
  it("when the redirect login comes back with its credential, then it came back with the credential", () => {
    expect(redirectLoginReturn({ search: "?walletId=ecosystem.tube&authResult=%7B%7D&state=ab", hash: "" })).toBe(
      "credential",
    );
  });

  it("when it comes back with walletId and authProvider but no credential (a cancelled consent), then it was abandoned, and the module loads to say so", () => {
    const cancelled = { search: "?walletId=ecosystem.tube&authProvider=google&state=ab", hash: "" };
    expect(redirectLoginReturn(cancelled)).toBe("abandoned");
    expect(hasWalletToRestore(cancelled)).toBe(true);
  });

  it("when the address carries no walletId, then it did not come back from a redirect login", () => {
    expect(redirectLoginReturn({ search: "?authProvider=google", hash: "" })).toBeNull();
  });
});

const CREDENTIAL_URL = "/claim?walletId=ecosystem.tube&authCookie=session-credential&authProvider=google";

/** What thirdweb's redirect-login reader does once it has the credential: push the address without it. */
function sdkClearsTheAddress() {
  window.history.pushState({}, "", "/claim");
}

let undo: () => void = () => undefined;
afterEach(() => {
  undo();
  window.history.replaceState(null, "", "/");
});

describe("the redirect login's credential in the address", () => {
  it("when the SDK has read the credential and pushes a clean address, then the credential's entry is replaced", () => {
    window.history.replaceState({ router: "state" }, "", CREDENTIAL_URL);
    const entries = window.history.length;
    undo = replaceCredentialEntryOnceRead(window);

    sdkClearsTheAddress();

    expect(window.location.pathname + window.location.search).toBe("/claim");
    expect(window.history.length).toBe(entries);
    expect(window.history.state).toEqual({ router: "state" });
  });

  it("when the credential's entry is gone, then later pushes add entries as usual", () => {
    window.history.replaceState(null, "", CREDENTIAL_URL);
    undo = replaceCredentialEntryOnceRead(window);
    sdkClearsTheAddress();
    const entries = window.history.length;

    window.history.pushState(null, "", "/claim?step=2");

    expect(window.history.length).toBe(entries + 1);
  });

  it("when the address carries no credential, then history is left alone", () => {
    window.history.replaceState(null, "", "/claim");
    const ownPushState = window.history.pushState;

    undo = replaceCredentialEntryOnceRead(window);

    expect(window.history.pushState).toBe(ownPushState);
  });
});

describe("removeRedirectLoginParameters", () => {
  it("when a cancelled redirect login left its parameters, then they leave the address in place and the rest stays", () => {
    window.history.replaceState(
      { router: "state" },
      "",
      "/claim?ref=x&walletId=ecosystem.tube&authProvider=google&state=ab#top",
    );
    const entries = window.history.length;

    removeRedirectLoginParameters(window);

    expect(window.location.pathname + window.location.search + window.location.hash).toBe("/claim?ref=x#top");
    expect(window.history.length).toBe(entries);
    expect(window.history.state).toEqual({ router: "state" });
  });
});
