/** What the wizard needs from the rest of the app; the /claim route fills these. */
import type { GoogleAuthResponse } from "@tube/common/api";
import type { ReactNode } from "react";

export interface WizardWallet {
  address?: string;
  isConnected: boolean;
  isCorrectNetwork: boolean;
  /** A connect or a restore of the visitor's wallet is under way (the Claim step waits for it). */
  isConnecting: boolean;
  connect(): Promise<void>;
  switchNetwork(): Promise<void>;
}

export interface WizardGoogle {
  auth: GoogleAuthResponse | null;
  /** A Google authorization is under way: Verify waits for it. */
  isAuthorizing: boolean;
  /** Clears the session at once, revoke unawaited; throws when storage refuses. */
  signOut(): void;
  /** Call it straight from a click handler: it opens the popup. */
  authorize(): void;
}

/** Pieces of other features, shown where the product places them. */
export type WizardSlots = Record<
  "walletIndicator" | "googleConnect" | "walletPanel" | "walletOptions" | "addToken",
  ReactNode
>;
