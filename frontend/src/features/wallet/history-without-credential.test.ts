import { afterEach, describe, expect, it } from "vitest";
import { removeRedirectLoginParameters, replaceCredentialEntryOnceRead } from "./history-without-credential.ts";

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
