/**
 * Step 0's Verify: the checks in the order the visitor meets them, the subscription check with its progress bar, then whether this
 * wallet has already claimed. Success moves on to Connect, or straight to Claim with a wallet already on the chain.
 */
import type { GoogleAuthResponse, VerifySubscriptionResponse } from "@tube/common/api";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { notify } from "../../components/ui/toaster.tsx";
import { usePublicConfig } from "../../lib/public-config.tsx";
import { verifySubscription } from "./api/claim-api.ts";
import {
  accountAlreadyClaimedToast,
  isNotSubscribed,
  subscriptionCheckFailedToast,
  TOASTS,
  walletAlreadyClaimedToast,
} from "./claim-messages.ts";
import type { FlowLock } from "./flow-lock.ts";
import type { WizardWallet } from "./ports.ts";
import { startProgressTicker, VERIFY_CHECKPOINTS } from "./progress-ticker.ts";
import type { ClaimLookup } from "./use-claim-lookup.ts";
import type { WizardEvent, WizardState } from "./wizard-state.ts";

/** Toasts of one verification replace one another. */
const VERIFY_TOAST_ID = "claim-verify";

export interface VerifyDeps {
  state: WizardState;
  dispatch: (event: WizardEvent) => void;
  wallet: WizardWallet;
  auth: GoogleAuthResponse | null;
  lock: FlowLock;
  lookup: ClaimLookup;
}

export function useVerify({ state, dispatch, wallet, auth, lock, lookup }: VerifyDeps): () => Promise<void> {
  const { youtubeChannelId } = usePublicConfig();
  const { mutateAsync: requestVerification } = useMutation({ mutationFn: verifySubscription });

  useEffect(() => {
    if (!state.ticking) return;
    return startProgressTicker(() => dispatch({ type: "progressTicked" }));
  }, [state.ticking, dispatch]);

  return async function verify() {
    if (lock.held) return;
    const username = state.youtubeUsername.trim();
    if (!auth) return void notify(TOASTS.verifyAuthRequired);
    if (!username) return void notify(TOASTS.usernameRequired);
    if (!wallet.isConnected || !wallet.address) return void notify(TOASTS.walletRequired);

    lock.take();
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
        const progress = isNotSubscribed(cause) ? VERIFY_CHECKPOINTS.notSubscribed : VERIFY_CHECKPOINTS.start;
        dispatch({ type: "verifyStopped", progress });
        notify({ ...subscriptionCheckFailedToast(cause), id: VERIFY_TOAST_ID });
        return;
      }
      if (!result.isSubscribed) {
        dispatch({ type: "verifyStopped", progress: VERIFY_CHECKPOINTS.notSubscribed });
        notify({ ...TOASTS.notSubscribed, id: VERIFY_TOAST_ID });
        return;
      }
      dispatch({ type: "subscriptionConfirmed" });

      // This Google account's reward went to another wallet: Claim would refuse, so Verify says so now.
      const { accountClaim } = result;
      if (accountClaim && accountClaim.walletAddress !== wallet.address.toLowerCase()) {
        dispatch({ type: "verifyStopped", progress: VERIFY_CHECKPOINTS.start });
        notify({ ...accountAlreadyClaimedToast(accountClaim), id: VERIFY_TOAST_ID });
        return;
      }
      const existing = await lookup.lookUp(wallet.address);
      if (existing?.claimed && existing.status === "confirmed") {
        dispatch({ type: "verifyStopped", progress: VERIFY_CHECKPOINTS.start });
        notify({ ...walletAlreadyClaimedToast(existing.claimedAt), id: VERIFY_TOAST_ID });
        return;
      }
      dispatch({ type: "verifySucceeded" });
      notify({ ...TOASTS.verified, id: VERIFY_TOAST_ID });
    } finally {
      lock.release();
    }
  };
}
