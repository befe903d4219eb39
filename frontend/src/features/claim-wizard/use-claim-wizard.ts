/**
 * The claim wizard's behaviour, composed from one hook per job over the state machine of wizard-state.ts:
 * verifying, claiming, following a claim, resuming on the Claim step, and keeping progress across a reload.
 * Presentation lives in the step components; this hook knows nothing of layout.
 */
import type { GoogleAuthResponse } from "@tube/common/api";
import { useEffect, useReducer, useState } from "react";
import { notify } from "../../components/ui/toaster.tsx";
import { TOASTS } from "./claim-messages.ts";
import { useFlowLock } from "./flow-lock.ts";
import type { WizardGoogle, WizardWallet } from "./ports.ts";
import { useClaim } from "./use-claim.ts";
import { useClaimLookup } from "./use-claim-lookup.ts";
import { useClaimResume } from "./use-claim-resume.ts";
import { useFollowedClaim } from "./use-followed-claim.ts";
import { useVerify } from "./use-verify.ts";
import { useSavedWizardProgress, useWizardPersistence } from "./use-wizard-persistence.ts";
import { clearWizardProgress } from "./wizard-progress-storage.ts";
import { resumedWizardState, wizardReducer, type WizardState } from "./wizard-state.ts";

/** Reset says 'Logged out' before the page reloads; long enough to read it. */
const RESET_RELOAD_DELAY_MS = 1_500;

export interface ClaimWizardDeps {
  wallet: WizardWallet;
  google: WizardGoogle;
  /** Injected so tests can watch Reset and Start Over reload the page. */
  reloadPage: () => void;
}

export interface ClaimWizard {
  state: WizardState;
  /** Google authorized, a non-blank username, and no authorization or verification running. */
  canVerify: boolean;
  /** On the Claim step the Google session expired or was refused: offer the popup again right there. */
  needsGoogleAgain: boolean;
  isAuthorizingGoogle: boolean;
  /** On the Claim step, the visitor's wallet is still coming back (a reload or a round trip): Claim waits. */
  isWalletRestoring: boolean;
  /** The wallet as it is now, which the Claim step's rows follow: it may disconnect or change chain at any time. */
  walletStatus: "ready" | "wrongNetwork" | "disconnected";
  connectWallet(): Promise<void>;
  switchNetwork(): Promise<void>;
  setUsername(value: string): void;
  verify(): Promise<void>;
  claim(): Promise<void>;
  /** Reopens the Google popup (call it from the click) and continues the claim once authorized. */
  reconnectGoogle(): void;
  back(): void;
  continueFromConnect(): Promise<void>;
  closeDialog(): void;
  reset(): void;
  startOver(): void;
}

export function useClaimWizard({ wallet, google, reloadPage }: ClaimWizardDeps): ClaimWizard {
  const saved = useSavedWizardProgress();
  const walletReady = wallet.isConnected && wallet.isCorrectNetwork;
  const [state, dispatch] = useReducer(wizardReducer, null, () =>
    resumedWizardState(
      saved && { step: saved.step, youtubeUsername: saved.youtubeUsername, minting: saved.claim !== null },
      walletReady,
    ),
  );
  useEffect(() => dispatch({ type: "walletReadinessChanged", ready: walletReady }), [walletReady]);

  // The token the server refused: still stored and unexpired, but no longer a session.
  const [rejectedToken, setRejectedToken] = useState<string | null>(null);
  const auth = usableAuth(google.auth, rejectedToken);
  // A reload while minting picks the same claim up again, and holds the flow until it settles.
  const lock = useFlowLock(saved?.claim != null);
  const lookup = useClaimLookup();
  const { followed, follow } = useFollowedClaim(saved?.claim ?? null, { dispatch, lock });
  useWizardPersistence(state, followed);

  const verify = useVerify({ state, dispatch, wallet, auth, lock, lookup });
  const flow = { state, dispatch, wallet, auth, lock, lookup, follow };
  const { claim, reconnectGoogle } = useClaim({ ...flow, google, rejectToken: setRejectedToken });
  const claimStepWallet = state.step === 2 && wallet.isConnected ? wallet.address : undefined;
  useClaimResume({ ...flow, claimStepWallet });

  // The button reacts at once; the revoke goes out on its own (ports.ts) and nothing waits for it.
  function reset() {
    dispatch({ type: "resetStarted" });
    try {
      google.signOut();
    } catch {
      dispatch({ type: "resetFailed" });
      notify(TOASTS.logoutFailed);
      return;
    }
    clearWizardProgress();
    notify(TOASTS.loggedOut);
    setTimeout(reloadPage, RESET_RELOAD_DELAY_MS);
  }

  return {
    state,
    canVerify:
      auth !== null && state.youtubeUsername.trim() !== "" && !google.isAuthorizing && state.activity === "idle",
    needsGoogleAgain: state.step === 2 && auth === null && state.activity === "idle" && !state.resetting,
    isAuthorizingGoogle: google.isAuthorizing,
    // After a reload or a round trip the Claim step shows before the wallet is back: Claim waits rather than refuse.
    isWalletRestoring: state.step === 2 && wallet.isConnecting && !wallet.isConnected,
    walletStatus: walletReady ? "ready" : wallet.isConnected ? "wrongNetwork" : "disconnected",
    connectWallet: () => wallet.connect(),
    switchNetwork: () => wallet.switchNetwork(),
    setUsername: (value) => dispatch({ type: "usernameChanged", value }),
    verify,
    claim,
    reconnectGoogle,
    back: () => dispatch({ type: "back" }),
    async continueFromConnect() {
      if (walletReady) dispatch({ type: "stepChanged", step: 2 });
      else if (wallet.isConnected) await wallet.switchNetwork();
      else await wallet.connect();
    },
    closeDialog: () => dispatch({ type: "dialogClosed" }),
    reset,
    startOver() {
      clearWizardProgress();
      reloadPage();
    },
  };
}

/** An expired token, or one the server refused, counts as not authorized. */
function usableAuth(auth: GoogleAuthResponse | null, rejectedToken: string | null): GoogleAuthResponse | null {
  return auth && auth.expiresAt > Date.now() && auth.accessToken !== rejectedToken ? auth : null;
}
