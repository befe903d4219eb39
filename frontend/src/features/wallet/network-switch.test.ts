import { describe, expect, it, vi } from "vitest";
import {
  isOnChain,
  isUnknownChainError,
  NETWORK_SWITCH_TOASTS,
  switchInjectedChain,
  type AddChainParameters,
} from "./network-switch.ts";

const ARBITRUM: AddChainParameters = {
  chainId: "0xa4b1",
  chainName: "Arbitrum One",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: ["http://127.0.0.1:8545"],
  blockExplorerUrls: ["https://arbiscan.io"],
};

function providerFailingSwitchWith(error: unknown, addFails = false) {
  return {
    request: vi.fn(async ({ method }: { method: string }) => {
      if (method === "wallet_switchEthereumChain") throw error;
      if (addFails) throw Object.assign(new Error("rejected"), { code: 4001 });
      return null;
    }),
  };
}

describe("switchInjectedChain", () => {
  it("when the wallet switches, then the outcome is switched and nothing is added", async () => {
    const provider = { request: vi.fn(async () => null) };
    await expect(switchInjectedChain(provider, ARBITRUM)).resolves.toBe("switched");
    expect(provider.request).toHaveBeenCalledWith({
      method: "wallet_switchEthereumChain",
      params: [{ chainId: "0xa4b1" }],
    });
    expect(provider.request).toHaveBeenCalledTimes(1);
  });

  it("when the wallet does not know the chain (4902), then the chain is added", async () => {
    const provider = providerFailingSwitchWith({ code: 4902, message: "Unrecognized chain ID" });
    await expect(switchInjectedChain(provider, ARBITRUM)).resolves.toBe("added");
    expect(provider.request).toHaveBeenLastCalledWith({ method: "wallet_addEthereumChain", params: [ARBITRUM] });
  });

  it("when MetaMask mobile reports -32603, then the chain is added too", async () => {
    const provider = providerFailingSwitchWith({ code: -32603, data: { originalError: { code: 4902 } } });
    await expect(switchInjectedChain(provider, ARBITRUM)).resolves.toBe("added");
  });

  it("when adding the chain fails, then the outcome is add-failed", async () => {
    const provider = providerFailingSwitchWith({ code: 4902 }, true);
    await expect(switchInjectedChain(provider, ARBITRUM)).resolves.toBe("add-failed");
  });

  it("when the visitor rejects the switch, then the outcome is failed and nothing is added", async () => {
    const provider = providerFailingSwitchWith({ code: 4001 });
    await expect(switchInjectedChain(provider, ARBITRUM)).resolves.toBe("failed");
    expect(provider.request).toHaveBeenCalledTimes(1);
  });
});

describe("isUnknownChainError", () => {
  it("when the 4902 is nested in originalError, then it counts as unknown chain", () => {
    expect(isUnknownChainError({ code: 1, data: { originalError: { code: 4902 } } })).toBe(true);
    expect(isUnknownChainError(new Error("boom"))).toBe(false);
  });
});

describe("isOnChain", () => {
  it("when a WalletConnect wallet has not reported our chain, then it is not on it, whatever the SDK says", () => {
    expect(isOnChain(42161, 42161, {})).toBe(false);
    expect(isOnChain(42161, 42161, { heardChainId: 1 })).toBe(false);
    expect(isOnChain(42161, 42161, { heardChainId: 42161 })).toBe(true);
  });

  it("when an injected or embedded wallet's chain is read, then that chain decides", () => {
    expect(isOnChain(42161, 42161)).toBe(true);
    expect(isOnChain(42161, 1)).toBe(false);
    expect(isOnChain(42161, undefined)).toBe(false);
  });
});

describe("NETWORK_SWITCH_TOASTS", () => {
  it("when each outcome is reported, then the product's toast is used", () => {
    expect(NETWORK_SWITCH_TOASTS.switched).toMatchObject({
      title: "Network Switched",
      description: "Successfully connected to Arbitrum network.",
    });
    expect(NETWORK_SWITCH_TOASTS.added).toMatchObject({
      title: "Network Added",
      description: "Arbitrum network has been added to your wallet.",
    });
    expect(NETWORK_SWITCH_TOASTS["add-failed"]).toMatchObject({
      type: "error",
      title: "Network Error",
      description: "Could not add Arbitrum network. Please add it manually in your wallet.",
    });
    expect(NETWORK_SWITCH_TOASTS.failed).toMatchObject({
      type: "error",
      title: "Network Switch Failed",
      description: "Could not switch to Arbitrum network. Please try manually in your wallet.",
    });
  });
});
