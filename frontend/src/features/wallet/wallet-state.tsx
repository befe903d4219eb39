/** The wallet as the page sees it: a context, so tests can fake it without loading thirdweb. */
import { createContext, useContext } from "react";

export interface WalletState {
  address?: string;
  isConnected: boolean;
  isCorrectNetwork: boolean;
  isConnecting: boolean;
  /** Which button's connect is under way: the other stays usable. */
  connectingVia?: "wallet" | "google";
  /** 'Try again', once the last connect did not answer in time. */
  retryConnect?: () => Promise<void>;
  error?: string;
  connect(): Promise<void>;
  /** 'Sign in with Google' (the embedded wallet); absent without an ecosystem. */
  connectWithGoogle?: () => Promise<void>;
  switchNetwork(): Promise<void>;
  disconnect(): Promise<void>;
  /** EIP-747 `wallet_watchAsset` for TuBE; absent for the embedded wallet or none. */
  addToken?: () => Promise<boolean>;
}

/** Whether a button must wait: for its own connect or a restore, never for the other button's. */
export function isWaitingFor(state: WalletState, via: "wallet" | "google") {
  return state.isConnecting && (state.connectingVia === undefined || state.connectingVia === via);
}

export const WalletStateContext = createContext<WalletState | null>(null);

export function useWalletState() {
  const state = useContext(WalletStateContext);
  if (state === null) throw new Error("useWalletState() needs a WalletStateContext provider above it");
  return state;
}
