/** What the wizard needs from the rest of the app; the /claim route fills these. */
import type { GoogleAuthResponse } from "@tube/common/api";
import type { ReactNode } from "react";

export interface WizardWallet {
  address?: string;
  isConnected: boolean;
  isCorrectNetwork: boolean;
  /** A connect is under way, or the page is still restoring the visitor's wallet (the Claim step waits for it). */
  isConnecting: boolean;
  connect(): Promise<void>;
  switchNetwork(): Promise<void>;
}

export interface WizardGoogle {
  auth: GoogleAuthResponse | null;
  /** A Google authorization is under way: Verify waits for it. */
  isAuthorizing: boolean;
  /** Clears the session at once and sends the revoke unawaited; throws when storage refuses. */
  signOut(): void;
  /** Opens the Google popup again; call it straight from a click handler. */
  authorize(): void;
}

export interface WizardSlots {
  /** Header, next to Reset: connect, switch network, or the connected badge. */
  walletIndicator: ReactNode;
  /** Step 0: the 'Connect with Google' control. */
  googleConnect: ReactNode;
  /** Step 0: the wallet panel. */
  walletPanel: ReactNode;
  /** Step 1: 'Sign in with Google' and 'Connect Wallet'. */
  walletOptions: ReactNode;
  /** Done: the connected wallet's way to list the token, when it has one. */
  addToken: ReactNode;
}
