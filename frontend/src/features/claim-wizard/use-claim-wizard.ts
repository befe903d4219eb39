/** The claim wizard's behaviour over wizard-state.ts. */
import type { CheckClaimResponse, VerifySubscriptionResponse } from "@tube/common/api";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useReducer, useRef, useState } from "react";
import { notify, type Notification } from "../../components/ui/toaster.tsx";
import { usePublicConfig } from "../../lib/public-config.tsx";
import {
  checkClaim,
  failedClaimOf,
  isClaimPending,
  recordClaim,
  verifyAndMint,
  verifySubscription,
} from "./api/claim-api.ts";
import { MintFailure, useClaimProgress, type ClaimProgress } from "./api/claim-polling.ts";
import {
  accountAlreadyClaimedToast,
  CLAIM_TOAST_ID,
  claimFailedToast,
  eligibilityCheckFailedToast,
  failedClaimAfter,
  isCode,
  subscriptionCheckFailedToast,
  TOASTS,
  tokensAlreadyClaimedToast,
  walletAlreadyClaimedToast,
} from "./claim-messages.ts";
import type { WizardGoogle, WizardWallet } from "./ports.ts";
import {
  clearWizardProgress,
  readWizardProgress,
  saveWizardProgress,
  type SavedClaim,
} from "./wizard-progress-storage.ts";
import {
  isTicking,
  resumedWizardState,
  PROGRESS_INTERVAL_MS,
  VERIFY_CHECKPOINTS,
  wizardReducer,
  type WizardEvent,
} from "./wizard-state.ts";

/** Long enough to read 'Logged out' before the page reloads. */
const RESET_RELOAD_DELAY_MS = 1_500;
/** Toasts of one verification replace one another. */
const VERIFY_TOAST_ID = "claim-verify";

type ClaimWizardDeps = { wallet: WizardWallet; google: WizardGoogle; reloadPage: () => void };

export type ClaimWizard = ReturnType<typeof useClaimWizard>;

export function useClaimWizard({ wallet, google, reloadPage }: ClaimWizardDeps) {
  const [saved] = useState(readWizardProgress);
  const walletReady = wallet.isConnected && wallet.isCorrectNetwork;
  const [state, dispatch] = useReducer(wizardReducer, null, () =>
    resumedWizardState(
      saved && { step: saved.step, youtubeUsername: saved.youtubeUsername, minting: saved.claim !== null },
      walletReady,
    ),
  );
  // Ready before the wallet first settles is a restore, not a connect on this page.
  const walletSettled = useRef(false);
  useEffect(
    () => dispatch({ type: "walletReadinessChanged", ready: walletReady, restored: !walletSettled.current }),
    [walletReady],
  );
  useEffect(() => void (walletSettled.current ||= !wallet.isConnecting), [wallet.isConnecting]);

  // Still stored and unexpired, but refused by the server.
  const [rejectedToken, setRejectedToken] = useState<string | null>(null);
  const auth =
    google.auth && google.auth.expiresAt > Date.now() && google.auth.accessToken !== rejectedToken ? google.auth : null;
  // One flow at a time; a ref, so a double click cannot start two.
  const lock = useRef(saved?.claim != null);
  const queryClient = useQueryClient();
  const succeed = (
    claim: Omit<Extract<WizardEvent, { type: "mintSucceeded" }>, "type">,
    toast: Notification | null,
  ) => {
    dispatch({ type: "mintSucceeded", ...claim });
    if (toast) notify({ ...toast, id: CLAIM_TOAST_ID });
  };
  const succeedEarlier = (recipient: string, existing: CheckClaimResponse | null) => {
    if (!existing?.claimed || existing.status !== "confirmed" || !existing.txHash) return false;
    const { txHash, claimId, claimedAt } = existing;
    succeed({ recipient, txHash, claimId, claimedAt }, tokensAlreadyClaimedToast(claimedAt));
    return true;
  };
  const stopMint = (cause: unknown) => {
    const failureReason = cause instanceof MintFailure ? cause.reason : null;
    dispatch({ type: "mintStopped", failedClaim: failedClaimAfter(cause), failureReason });
    notify({ ...claimFailedToast(cause), id: CLAIM_TOAST_ID });
  };
  const lookUp = async (walletAddress: string) => {
    try {
      return await fetchClaim(queryClient, walletAddress);
    } catch (cause) {
      notify(eligibilityCheckFailedToast(cause));
      return null;
    }
  };

  // Its end releases the lock the claim took.
  const [followed, setFollowed] = useState<SavedClaim | null>(saved?.claim ?? null);
  const progress = useClaimProgress(followed?.claimId ?? null);
  const onProgress = useEffectEvent((progress: ClaimProgress) => {
    if (!followed || progress.state === "idle") return;
    if (progress.state === "pending") {
      if (progress.status) dispatch({ type: "claimStatusChanged", status: progress.status });
      return;
    }
    setFollowed(null);
    lock.current = false;
    if (progress.state === "failed") return stopMint(progress.error);
    const { txHash } = progress;
    const { claimId, walletAddress, googleEmail } = followed;
    // Done after a reload: announced and recorded when it was made.
    succeed({ recipient: walletAddress, txHash, claimId }, state.step === 3 ? null : TOASTS.minted);
    // The server's own record is the truth: a failure is only logged.
    if (googleEmail)
      recordClaim({ walletAddress, googleEmail, txHash }).catch((cause: unknown) =>
        console.warn("record-claim failed", cause),
      );
  });
  useEffect(() => onProgress(progress), [progress]);

  // A reload or the embedded wallet's redirect resumes; Start Over or a reset starts afresh.
  const { step, youtubeUsername, resetting, claimId, recipient } = state;
  useEffect(() => {
    if (resetting) return;
    const done = step === 3 && claimId && recipient ? { claimId, walletAddress: recipient } : null;
    saveWizardProgress({ step, youtubeUsername, claim: done ?? followed });
  }, [step, youtubeUsername, followed, resetting, claimId, recipient]);

  const { youtubeChannelId } = usePublicConfig();
  const { mutateAsync: requestVerification } = useMutation({ mutationFn: verifySubscription });
  const ticking = isTicking(state);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => dispatch({ type: "progressTicked" }), PROGRESS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [ticking]);

  /** Step 0: the checks in the order the visitor meets them. */
  async function verify() {
    if (lock.current) return;
    const username = state.youtubeUsername.trim();
    if (!auth) return void notify(TOASTS.verifyAuthRequired);
    if (!username) return void notify(TOASTS.usernameRequired);
    if (!wallet.isConnected || !wallet.address) return void notify(TOASTS.walletRequired);

    lock.current = true;
    const stop = (progress: number, toast: Notification) => {
      dispatch({ type: "verifyStopped", progress });
      notify({ ...toast, id: VERIFY_TOAST_ID });
    };
    try {
      dispatch({ type: "verifyStarted" });
      notify({ ...TOASTS.verifying, id: VERIFY_TOAST_ID });
      let result: VerifySubscriptionResponse;
      try {
        result = await requestVerification({
          accessToken: auth.accessToken,
          channelId: youtubeChannelId,
          youtubeUsername: username,
        });
      } catch (cause) {
        const progress = isCode(cause, "NOT_SUBSCRIBED") ? VERIFY_CHECKPOINTS.notSubscribed : VERIFY_CHECKPOINTS.start;
        return stop(progress, subscriptionCheckFailedToast(cause));
      }
      if (!result.isSubscribed) return stop(VERIFY_CHECKPOINTS.notSubscribed, TOASTS.notSubscribed);
      dispatch({ type: "subscriptionConfirmed" });

      // Claim would refuse an account already paid to another wallet: say so now.
      const { accountClaim } = result;
      if (accountClaim && accountClaim.walletAddress !== wallet.address.toLowerCase())
        return stop(VERIFY_CHECKPOINTS.start, accountAlreadyClaimedToast(accountClaim));
      const existing = await lookUp(wallet.address);
      if (existing?.claimed && existing.status === "confirmed")
        return stop(VERIFY_CHECKPOINTS.start, walletAlreadyClaimedToast(existing.claimedAt));
      dispatch({ type: "verifySucceeded" });
      notify({ ...TOASTS.verified, id: VERIFY_TOAST_ID });
    } finally {
      lock.current = false;
    }
  }

  const { mutateAsync: requestMint } = useMutation({ mutationFn: verifyAndMint });
  const claimAfterAuthorizing = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  /** Step 2: a claim that exists is shown or followed, never started again. */
  async function claim() {
    if (lock.current) return;
    const walletAddress = wallet.isConnected ? wallet.address : undefined;
    if (!walletAddress) return void notify(TOASTS.walletNotConnected);
    if (!state.youtubeUsername.trim()) return void notify(TOASTS.usernameMissing);
    if (!auth?.email) {
      claimAfterAuthorizing.current = true;
      return void notify(TOASTS.mintAuthRequired);
    }

    lock.current = true;
    let following = false;

    try {
      dispatch({ type: "mintStarted" });
      notify(TOASTS.checkingClaim);
      const existing = await lookUp(walletAddress);
      if (succeedEarlier(walletAddress, existing)) return;
      let claimId = existing?.claimed && isClaimPending(existing.status) ? existing.claimId : null;
      if (!claimId) {
        notify({ ...TOASTS.processing, id: CLAIM_TOAST_ID });
        const started = await requestMint({
          walletAddress,
          googleEmail: auth.email,
          oauthAccessToken: auth.accessToken,
        });
        if (started.state === "confirmed")
          return succeed(
            { recipient: walletAddress, txHash: started.txHash, claimId: started.claimId },
            TOASTS.tokensAlreadyClaimed,
          );
        claimId = started.claimId;
      }
      setFollowed({ claimId, walletAddress, googleEmail: auth.email });
      following = true;
    } catch (cause) {
      // Unmounted meanwhile: a late failure tells no one.
      if (!mounted.current) return;
      if (isCode(cause, "GOOGLE_TOKEN_INVALID")) {
        setRejectedToken(auth.accessToken);
        claimAfterAuthorizing.current = true;
      }
      stopMint(cause);
    } finally {
      if (!following) lock.current = false;
    }
  }

  // After the Claim step's popup, the claim asked for goes on by itself.
  const continueAfterAuthorizing = useEffectEvent(() => {
    if (!claimAfterAuthorizing.current || state.step !== 2) return;
    claimAfterAuthorizing.current = false;
    void claim();
  });
  const authorizedToken = auth?.accessToken;
  useEffect(() => {
    if (authorizedToken) continueAfterAuthorizing();
  }, [authorizedToken]);

  // On arrival at the Claim step (a reload too); a flow the visitor started meanwhile decides for itself.
  const resume = useEffectEvent((walletAddress: string, existing: CheckClaimResponse) => {
    if (lock.current) return;
    if (succeedEarlier(walletAddress, existing)) return;
    if (existing.claimed && existing.claimId && isClaimPending(existing.status)) {
      if (!auth?.email) {
        // Claim, or 'Reconnect with Google', follows it again once Google is connected.
        dispatch({ type: "mintStopped", failedClaim: "none" });
        notify({ ...TOASTS.missingGoogleData, id: CLAIM_TOAST_ID });
        return;
      }
      lock.current = true;
      dispatch({ type: "mintStarted" });
      setFollowed({ claimId: existing.claimId, walletAddress, googleEmail: auth.email });
    } else
      dispatch({
        type: "failedClaimFound",
        failedClaim: failedClaimOf(existing),
        failureReason: existing.failureReason,
      });
  });
  const claimStepWallet = state.step === 2 && wallet.isConnected ? wallet.address : undefined;
  useEffect(() => {
    if (!claimStepWallet) return;
    let current = true;
    void fetchClaim(queryClient, claimStepWallet)
      .then((existing) => {
        if (current) resume(claimStepWallet, existing);
      })
      // Quietly: pressing Claim checks again, and tells the visitor if that fails.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [claimStepWallet, queryClient]);

  // The button reacts at once; nothing waits for the revoke.
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
      auth !== null &&
      state.youtubeUsername.trim() !== "" &&
      wallet.isConnected &&
      !google.isAuthorizing &&
      state.activity === "idle",
    // The Google session expired or was refused on the Claim step: offer the popup there.
    needsGoogleAgain: state.step === 2 && auth === null && state.activity === "idle" && !state.resetting,
    isAuthorizingGoogle: google.isAuthorizing,
    // After a reload the Claim step shows before the wallet is back: Claim waits rather than refuse.
    isWalletRestoring: state.step === 2 && wallet.isConnecting && !wallet.isConnected,
    walletStatus: walletReady ? "ready" : wallet.isConnected ? "wrongNetwork" : "disconnected",
    connectWallet: () => wallet.connect(),
    switchNetwork: () => wallet.switchNetwork(),
    setUsername: (value: string) => dispatch({ type: "usernameChanged", value }),
    verify,
    claim,
    // Call it from the click: Safari blocks a popup opened later.
    reconnectGoogle() {
      claimAfterAuthorizing.current = true;
      google.authorize();
    },
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

/** Never cached: each decision on the wallet's claim asks again. */
function fetchClaim(queryClient: QueryClient, walletAddress: string) {
  return queryClient.fetchQuery({
    queryKey: ["check-claim", walletAddress],
    queryFn: () => checkClaim(walletAddress),
    staleTime: 0,
    retry: false,
  });
}
