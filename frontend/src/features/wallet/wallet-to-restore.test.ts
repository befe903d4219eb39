import { describe, expect, it } from "vitest";
import { hasWalletToRestore, redirectLoginReturn } from "./wallet-to-restore.ts";

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
