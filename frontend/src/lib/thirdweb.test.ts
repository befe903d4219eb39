import { describe, expect, it } from "vitest";
import { TEST_PUBLIC_CONFIG } from "../test/render-with-providers.tsx";
import { createThirdwebSetup } from "./thirdweb.ts";

describe("createThirdwebSetup", () => {
  it("when no WalletConnect project id is configured, then WalletConnect is still offered and the SDK picks the id", () => {
    const setup = createThirdwebSetup({ ...TEST_PUBLIC_CONFIG, walletConnectProjectId: "" });

    expect(setup.wallets.map((wallet) => wallet.id)).toContain("walletConnect");
    expect(setup.walletConnect.id).toBe("walletConnect");
    expect(setup.walletConnectProjectId).toBeUndefined();
  });

  it("when a WalletConnect project id is configured, then it is the one the connection uses", () => {
    const setup = createThirdwebSetup({ ...TEST_PUBLIC_CONFIG, walletConnectProjectId: "operator-project-id" });

    expect(setup.wallets.map((wallet) => wallet.id)).toContain("walletConnect");
    expect(setup.walletConnectProjectId).toBe("operator-project-id");
  });
});
