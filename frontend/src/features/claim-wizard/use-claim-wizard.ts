/**
 * The claim wizard's behaviour: the spec §5 checks in order, the calls to the
 * server, the toasts, and the transitions of wizard-state.ts. Presentation
 * lives in the step components; this hook knows nothing of layout.
 */
import type { CheckClaimResponse, GoogleAuthResponse } from "@tube/common/api";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from "react";
import { notify, type Notification } from "../../components/ui/toaster.tsx";
import { usePublicConfig } from "../../lib/public-config.tsx";
import { checkClaim, recordClaim, verifyAndMint, verifySubscription } from "./api/claim-api.ts";
import {
  claimFailedToast,
  claimRefusedToast,
  eligibilityCheckFailedToast,
  isGoogleSessionRejected,
  isRetryableMintFailure,
  subscriptionCheckFailedToast,
  TOASTS,
} from "./claim-messages.ts";
import { isClaimPending, useClaimProgress } from "./api/claim-polling.ts";
import type { WizardGoogle, WizardWallet } from "./ports.ts";
import { startProgressTicker, VERIFY_CHECKPOINTS } from "./progress-ticker.ts";
import {
  clearWizardProgress,
  readWizardProgress,
  saveWizardProgress,
  type SavedClaim,
} from "./wizard-progress-storage.ts";
import { resumedWizardState, wizardReducer, type WizardState } from "./wizard-state.ts";

/** Spec §9: the page reloads 1.5 s after Reset. */
export const RESET_RELOAD_DELAY_MS = 1_500;
/** Toasts that replace one another as a flow advances. */
const VERIFY_TOAST_ID = "claim-verify";
const CLAIM_TOAST_ID = "claim-mint";

export interface ClaimWizardDeps {
  wallet: WizardWallet;
  google: WizardGoogle;
  /** Injected so tests can watch Reset and Start Over reload the page. */
  reloadPage: () => void;
}

export interface ClaimWizard {
  state: WizardState;
  /** Spec §5: Google authorized, a non-blank username, and no authorization or verification running. */
  canVerify: boolean;
  /** On the Claim step the Google session expired or was refused: offer the popup again right there. */
  needsGoogleAgain: boolean;
  isAuthorizingGoogle: boolean;
  /** On the Claim step, the visitor's wallet is still coming back (a reload or a round trip): Claim waits. */
  isWalletRestoring: boolean;
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

/** A queued mint the wizard follows until it settles, with what record-claim needs afterwards. */
type FollowedClaim = SavedClaim;

export function useClaimWizard({ wallet, google, reloadPage }: ClaimWizardDeps): ClaimWizard {
  const { youtubeChannelId } = usePublicConfig();
  const queryClient = useQueryClient();
  const [saved] = useState(readWizardProgress);
  const [state, dispatch] = useReducer(wizardReducer, saved, (progress) =>
    resumedWizardState(
      progress && { step: progress.step, youtubeUsername: progress.youtubeUsername, minting: progress.claim !== null },
    ),
  );
  const { mutateAsync: requestVerification } = useMutation({ mutationFn: verifySubscription });
  const { mutateAsync: requestMint } = useMutation({ mutationFn: verifyAndMint });
  // A reload while minting picks the same claim up again.
  const [followed, setFollowed] = useState<FollowedClaim | null>(saved?.claim ?? null);
  const progress = useClaimProgress(followed?.claimId ?? null);
  // The token the server refused: still stored and unexpired, but no longer a session.
  const [rejectedToken, setRejectedToken] = useState<string | null>(null);
  const auth = usableAuth(google.auth, rejectedToken);
  const latest = useRef({ wallet, google, state, auth });
  useLayoutEffect(() => {
    latest.current = { wallet, google, state, auth };
  });
  const busy = useRef(followed !== null);
  const claimAfterReauthorizing = useRef(false);
  const unmounted = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    unmounted.current = controller;
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!state.ticking) return;
    return startProgressTicker(() => dispatch({ type: "progressTicked" }));
  }, [state.ticking]);

  // Issue 8: a reload or the embedded wallet's redirect resumes here; a finished claim starts afresh.
  const { step, youtubeUsername, resetting } = state;
  useEffect(() => {
    if (resetting) return;
    if (step === 3) clearWizardProgress();
    else saveWizardProgress({ step, youtubeUsername, claim: followed });
  }, [step, youtubeUsername, followed, resetting]);

  // Spec §4: connecting a wallet on the correct network moves step 1 to step 2, only from step 1.
  const walletReady = wallet.isConnected && wallet.isCorrectNetwork;
  const wasWalletReady = useRef(walletReady);
  useEffect(() => {
    if (walletReady && !wasWalletReady.current && state.step === 1) dispatch({ type: "stepChanged", step: 2 });
    wasWalletReady.current = walletReady;
  }, [walletReady, state.step]);

  const verify = useCallback(async () => {
    if (busy.current) return;
    const { wallet, state, auth } = latest.current;
    const username = state.youtubeUsername.trim();
    if (!auth) return void notify(TOASTS.verifyAuthRequired);
    if (!username) return void notify(TOASTS.usernameRequired);
    if (!wallet.isConnected || !wallet.address) return void notify(TOASTS.walletRequired);

    busy.current = true;
    try {
      dispatch({ type: "verifyStarted" });
      notify({ ...TOASTS.verifying, id: VERIFY_TOAST_ID });
      let isSubscribed: boolean;
      try {
        const result = await requestVerification({
          accessToken: auth.accessToken,
          channelId: youtubeChannelId,
          youtubeUsername: username,
        });
        isSubscribed = result.isSubscribed === true;
      } catch (cause) {
        const toast = subscriptionCheckFailedToast(cause);
        const notSubscribed = toast.title === TOASTS.notSubscribed.title;
        dispatch({
          type: "verifyStopped",
          progress: notSubscribed ? VERIFY_CHECKPOINTS.notSubscribed : VERIFY_CHECKPOINTS.start,
        });
        notify({ ...toast, id: VERIFY_TOAST_ID });
        return;
      }
      if (!isSubscribed) {
        dispatch({ type: "verifyStopped", progress: VERIFY_CHECKPOINTS.notSubscribed });
        notify({ ...TOASTS.notSubscribed, id: VERIFY_TOAST_ID });
        return;
      }
      dispatch({ type: "subscriptionConfirmed" });

      const existing = await lookUpClaim(queryClient, wallet.address);
      if (existing?.claimed && existing.status === "confirmed") {
        dispatch({ type: "verifyStopped", progress: VERIFY_CHECKPOINTS.start });
        notify({ ...TOASTS.alreadyClaimed, id: VERIFY_TOAST_ID });
        return;
      }

      const now = latest.current.wallet;
      dispatch({ type: "verifySucceeded", nextStep: now.isConnected && now.isCorrectNetwork ? 2 : 1 });
      notify({ ...TOASTS.verified, id: VERIFY_TOAST_ID });
    } finally {
      busy.current = false;
    }
  }, [queryClient, requestVerification, youtubeChannelId]);

  const claim = useCallback(async () => {
    if (busy.current) return;
    const { wallet, state, auth } = latest.current;
    const walletAddress = wallet.isConnected ? wallet.address : undefined;
    if (!walletAddress) return void notify(TOASTS.walletNotConnected);
    if (!state.youtubeUsername.trim()) return void notify(TOASTS.usernameMissing);
    if (!auth?.email) {
      claimAfterReauthorizing.current = true;
      return void notify(TOASTS.mintAuthRequired);
    }

    busy.current = true;
    let following = false;
    const signal = unmounted.current.signal;
    const succeed = (txHash: string, toast: Notification) => {
      dispatch({ type: "mintSucceeded", txHash, recipient: walletAddress });
      notify({ ...toast, id: CLAIM_TOAST_ID });
    };
    try {
      dispatch({ type: "mintStarted" });
      notify(TOASTS.checkingClaim);
      const existing = await lookUpClaim(queryClient, walletAddress);
      if (existing?.claimed && existing.status === "confirmed" && existing.txHash) {
        return succeed(existing.txHash, TOASTS.tokensAlreadyClaimed);
      }

      // A claim already under way for this wallet is followed, not started again.
      let claimId = existing?.claimed && isClaimPending(existing.status) ? existing.claimId : null;
      if (!claimId) {
        notify({ ...TOASTS.processing, id: CLAIM_TOAST_ID });
        const result = await requestMint({
          walletAddress,
          googleEmail: auth.email,
          oauthAccessToken: auth.accessToken,
        });
        if (result.alreadyClaimed && result.status === "confirmed" && result.txHash) {
          return succeed(result.txHash, TOASTS.tokensAlreadyClaimed);
        }
        const pendingId = result.claimId && (result.claimed || isClaimPending(result.status)) ? result.claimId : null;
        if (!pendingId) {
          dispatch({ type: "mintStopped", retryable: !result.alreadyClaimed && result.status === "failed" });
          notify({ ...claimRefusedToast(result), id: CLAIM_TOAST_ID });
          return;
        }
        claimId = pendingId;
      }

      // The effect below takes over: busy stays set until the followed claim settles.
      setFollowed({ claimId, walletAddress, googleEmail: auth.email });
      following = true;
    } catch (cause) {
      if (signal.aborted) return;
      if (isGoogleSessionRejected(cause)) {
        setRejectedToken(auth.accessToken);
        claimAfterReauthorizing.current = true;
      }
      dispatch({ type: "mintStopped", retryable: isRetryableMintFailure(cause) });
      notify({ ...claimFailedToast(cause), id: CLAIM_TOAST_ID });
    } finally {
      if (!following) busy.current = false;
    }
  }, [queryClient, requestMint]);

  useEffect(() => {
    if (!followed) return;
    if (progress.state === "pending") {
      if (progress.status) dispatch({ type: "claimStatusChanged", status: progress.status });
      return;
    }
    if (progress.state === "idle") return;
    setFollowed(null);
    busy.current = false;
    if (progress.state === "failed") {
      dispatch({ type: "mintStopped", retryable: isRetryableMintFailure(progress.error) });
      notify({ ...claimFailedToast(progress.error), id: CLAIM_TOAST_ID });
      return;
    }
    const { txHash } = progress;
    dispatch({ type: "mintSucceeded", txHash, recipient: followed.walletAddress });
    notify({ ...TOASTS.minted, id: CLAIM_TOAST_ID });
    // Spec §7: the answer is not read and a failure is only logged.
    recordClaim({ walletAddress: followed.walletAddress, googleEmail: followed.googleEmail, txHash }).catch(
      (cause: unknown) => console.warn("record-claim failed", cause),
    );
  }, [followed, progress]);

  // Arriving on the Claim step (after a reload too, or hours after the 'taking longer' toast) asks the
  // server what became of this wallet's claim: a settled one goes to Done, one under way is followed,
  // and a failed one is offered as a retry.
  const claimStepWallet = state.step === 2 && wallet.isConnected ? wallet.address : undefined;
  useEffect(() => {
    if (!claimStepWallet) return;
    let current = true;
    void fetchClaim(queryClient, claimStepWallet)
      .then((existing) => {
        if (!current || busy.current) return;
        const { auth } = latest.current;
        if (existing.claimed && existing.status === "confirmed" && existing.txHash) {
          dispatch({ type: "mintSucceeded", txHash: existing.txHash, recipient: claimStepWallet });
          notify({ ...TOASTS.tokensAlreadyClaimed, id: CLAIM_TOAST_ID });
        } else if (existing.claimed && existing.claimId && isClaimPending(existing.status) && auth?.email) {
          busy.current = true;
          dispatch({ type: "mintStarted" });
          setFollowed({ claimId: existing.claimId, walletAddress: claimStepWallet, googleEmail: auth.email });
        } else {
          dispatch({ type: "claimRetryable", retryable: existing.status === "failed" });
        }
      })
      // Quietly: pressing Claim checks again, with the spec's toast if it fails.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [claimStepWallet, queryClient]);

  // Issue 8: after the popup on the Claim step, the claim the visitor asked for goes on by itself.
  const authorizedToken = auth?.accessToken;
  useEffect(() => {
    if (!authorizedToken || !claimAfterReauthorizing.current || latest.current.state.step !== 2) return;
    claimAfterReauthorizing.current = false;
    void claim();
  }, [authorizedToken, claim]);

  const reconnectGoogle = useCallback(() => {
    claimAfterReauthorizing.current = true;
    latest.current.google.authorize();
  }, []);

  const continueFromConnect = useCallback(async () => {
    const { wallet } = latest.current;
    if (wallet.isConnected && wallet.isCorrectNetwork) dispatch({ type: "stepChanged", step: 2 });
    else if (wallet.isConnected) await wallet.switchNetwork();
    else await wallet.connect();
  }, []);

  // Spec §2: the button reacts at once; the revoke goes out on its own (ports.ts) and nothing waits for it.
  const reset = useCallback(() => {
    dispatch({ type: "resetStarted" });
    try {
      latest.current.google.signOut();
    } catch {
      dispatch({ type: "resetFailed" });
      notify(TOASTS.logoutFailed);
      return;
    }
    clearWizardProgress();
    notify(TOASTS.loggedOut);
    setTimeout(reloadPage, RESET_RELOAD_DELAY_MS);
  }, [reloadPage]);

  const startOver = useCallback(() => {
    clearWizardProgress();
    reloadPage();
  }, [reloadPage]);

  return {
    state,
    canVerify:
      auth !== null && state.youtubeUsername.trim() !== "" && !google.isAuthorizing && state.activity === "idle",
    needsGoogleAgain: state.step === 2 && auth === null && state.activity === "idle" && !state.resetting,
    isAuthorizingGoogle: google.isAuthorizing,
    // After a reload or a round trip the Claim step shows before the wallet is back: Claim waits rather than refuse.
    isWalletRestoring: state.step === 2 && wallet.isConnecting && !wallet.isConnected,
    setUsername: useCallback((value: string) => dispatch({ type: "usernameChanged", value }), []),
    verify,
    claim,
    reconnectGoogle,
    back: useCallback(() => dispatch({ type: "back" }), []),
    continueFromConnect,
    closeDialog: useCallback(() => dispatch({ type: "dialogClosed" }), []),
    reset,
    startOver,
  };
}

/** Always asks the server afresh. */
function fetchClaim(queryClient: QueryClient, walletAddress: string): Promise<CheckClaimResponse> {
  return queryClient.fetchQuery({
    queryKey: ["check-claim", walletAddress],
    queryFn: () => checkClaim(walletAddress),
    staleTime: 0,
    retry: false,
  });
}

/** Spec §8 'Eligibility Check Failed': the wallet is then treated as not claimed. */
async function lookUpClaim(queryClient: QueryClient, walletAddress: string): Promise<CheckClaimResponse | null> {
  try {
    return await fetchClaim(queryClient, walletAddress);
  } catch (cause) {
    notify(eligibilityCheckFailedToast(cause));
    return null;
  }
}

/** An expired token, or one the server refused, counts as not authorized. */
function usableAuth(auth: GoogleAuthResponse | null, rejectedToken: string | null): GoogleAuthResponse | null {
  return auth && auth.expiresAt > Date.now() && auth.accessToken !== rejectedToken ? auth : null;
}
