/**
 * Test-only: a WalletState without thirdweb. The wizard sees it exactly as it
 * sees the real one; tests change it to play a wallet connecting or switching.
 */
import { act } from "@testing-library/react";
import { useMemo, useState } from "react";
import { vi } from "vitest";
import { WalletStateContext, type WalletState } from "../features/wallet/wallet-state.tsx";

export const WALLET_ADDRESS = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

interface FakeWalletController {
  update(patch: Partial<WalletState>): void;
  current(): WalletState;
}

export function createFakeWallet(initial: Partial<WalletState> = {}) {
  let setState: ((patch: Partial<WalletState>) => void) | undefined;
  let latest: WalletState | undefined;
  const controller: FakeWalletController = {
    update: (patch) => act(() => setState?.(patch)),
    current: () => latest as WalletState,
  };
  const connected = { isConnected: true, isCorrectNetwork: true, address: WALLET_ADDRESS };
  const base: WalletState = {
    address: WALLET_ADDRESS,
    isConnected: true,
    isCorrectNetwork: true,
    isConnecting: false,
    connect: vi.fn(async () => setState?.(connected)),
    connectWithGoogle: vi.fn(async () => setState?.(connected)),
    switchNetwork: vi.fn(async () => setState?.({ isCorrectNetwork: true })),
    disconnect: vi.fn(async () => setState?.({ isConnected: false, isCorrectNetwork: false, address: undefined })),
    ...initial,
  };

  function FakeWalletProvider({ children }: { children: React.ReactNode }) {
    const [state, set] = useState(base);
    setState = (patch) => set((previous) => ({ ...previous, ...patch }));
    latest = state;
    const value = useMemo(() => state, [state]);
    return <WalletStateContext.Provider value={value}>{children}</WalletStateContext.Provider>;
  }
  return { FakeWalletProvider, wallet: controller, fns: base };
}
