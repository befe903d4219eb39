import { screen } from "@testing-library/react";
import { useEffect, type ComponentType } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deferred } from "../../test/fake-api.ts";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import { WalletOptions } from "./components/wallet-panel.tsx";
import { WalletPanel } from "./components/wallet-panel.tsx";
import { DeferredWalletProvider } from "./deferred-wallet-provider.tsx";
import { WALLET_MODULE_FAILED } from "./wallet-errors.ts";
import { importWalletRuntime, type WalletRuntimeProps } from "./wallet-runtime.ts";
import type { WalletState } from "./wallet-state.tsx";

// Unit test of the loading logic: the thirdweb module itself is what /claim's e2e tests load.
vi.mock("./wallet-runtime.ts", () => ({ importWalletRuntime: vi.fn(), preloadWalletRuntime: vi.fn() }));
const importRuntime = vi.mocked(importWalletRuntime);

const connect = vi.fn(async () => undefined);
const runtimeState: WalletState = {
  isConnected: false,
  isCorrectNetwork: false,
  isConnecting: false,
  connect,
  switchNetwork: async () => undefined,
  disconnect: async () => undefined,
};

/** Stands in for the thirdweb module: publishes its state once mounted, as the real one does. */
function FakeRuntime({ onState }: WalletRuntimeProps) {
  useEffect(() => onState(runtimeState), [onState]);
  return null;
}

function renderDeferred(ui: React.ReactElement, loadAtOnce = false) {
  return renderWithProviders(<DeferredWalletProvider loadAtOnce={loadAtOnce}>{ui}</DeferredWalletProvider>);
}

afterEach(() => vi.clearAllMocks());

describe("DeferredWalletProvider", () => {
  it("when nothing needs a wallet yet, then the wallet module is not loaded and the Subscribe step's buttons are ready", () => {
    renderDeferred(<WalletPanel />);
    expect(screen.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeEnabled();
    expect(importRuntime).not.toHaveBeenCalled();
  });

  it("when thirdweb has a wallet to restore, then the module loads at once", async () => {
    importRuntime.mockResolvedValue(FakeRuntime as ComponentType<WalletRuntimeProps>);
    renderDeferred(<WalletPanel />, true);
    await vi.waitFor(() => expect(importRuntime).toHaveBeenCalledTimes(1));
  });

  it("when the Connect step shows its options, then it says they are loading until the module is there", async () => {
    const download = deferred<ComponentType<WalletRuntimeProps>>();
    importRuntime.mockReturnValue(download.promise);
    renderDeferred(<WalletOptions />);

    const loading = await screen.findByRole("status");
    expect(loading).toHaveTextContent("Loading wallet options…");
    expect(loading.closest("[aria-busy]")).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("button", { name: "Connect Wallet" })).not.toBeInTheDocument();

    download.resolve(FakeRuntime);
    expect(await screen.findByRole("button", { name: "Connect Wallet" })).toBeEnabled();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("when the module fails to download, then the error shows with 'Try again', which loads it", async () => {
    importRuntime
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(FakeRuntime);
    const { user } = renderDeferred(<WalletOptions />);

    expect(await screen.findByRole("alert")).toHaveTextContent(WALLET_MODULE_FAILED);
    await user.click(screen.getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("button", { name: "Connect Wallet" })).toBeEnabled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("when Connect is pressed before the module is there, then it connects once the module has loaded", async () => {
    const download = deferred<ComponentType<WalletRuntimeProps>>();
    importRuntime.mockReturnValue(download.promise);
    const { user } = renderDeferred(<WalletPanel />);

    const button = screen.getByRole("button", { name: "Connect Wallet to Claim Tokens" });
    await user.click(button);
    await vi.waitFor(() => expect(button).toBeDisabled());
    expect(connect).not.toHaveBeenCalled();

    download.resolve(FakeRuntime);
    await vi.waitFor(() => expect(connect).toHaveBeenCalledTimes(1));
  });
});
