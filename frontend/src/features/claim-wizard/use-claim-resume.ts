/**
 * Arriving on the Claim step (after a reload too, or hours after the 'taking longer' toast) asks the server what
 * became of this wallet's claim: a settled one goes to Done, one under way is followed, and a failed one is
 * offered as a retry.
 */
import type { CheckClaimResponse, GoogleAuthResponse } from "@tube/common/api";
import { useEffect, useEffectEvent } from "react";
import { notify } from "../../components/ui/toaster.tsx";
import { failedClaimOf, isClaimPending } from "./api/claim-status.ts";
import { CLAIM_TOAST_ID, MISSING_GOOGLE_DATA_TOAST, tokensAlreadyClaimedToast } from "./claim-messages.ts";
import type { FlowLock } from "./flow-lock.ts";
import type { ClaimLookup } from "./use-claim-lookup.ts";
import type { FollowedClaim } from "./use-followed-claim.ts";
import type { WizardEvent } from "./wizard-state.ts";

export interface ClaimResumeDeps {
  /** The connected wallet while the Claim step shows; undefined elsewhere. */
  claimStepWallet: string | undefined;
  auth: GoogleAuthResponse | null;
  dispatch: (event: WizardEvent) => void;
  lock: FlowLock;
  lookup: ClaimLookup;
  follow(claim: FollowedClaim): void;
}

export function useClaimResume({ claimStepWallet, auth, dispatch, lock, lookup, follow }: ClaimResumeDeps): void {
  const resume = useEffectEvent((walletAddress: string, existing: CheckClaimResponse) => {
    // A flow the visitor started meanwhile decides for itself.
    if (lock.held) return;
    if (existing.claimed && existing.status === "confirmed" && existing.txHash) {
      dispatch({
        type: "mintSucceeded",
        txHash: existing.txHash,
        recipient: walletAddress,
        claimedAt: existing.claimedAt ?? undefined,
      });
      notify({ ...tokensAlreadyClaimedToast(existing.claimedAt), id: CLAIM_TOAST_ID });
    } else if (existing.claimed && existing.claimId && isClaimPending(existing.status)) {
      if (!auth?.email) {
        // Claim, or 'Reconnect with Google' on this step, follows it again once Google is connected.
        dispatch({ type: "mintStopped", failedClaim: "none" });
        notify({ ...MISSING_GOOGLE_DATA_TOAST, id: CLAIM_TOAST_ID });
        return;
      }
      lock.take();
      dispatch({ type: "mintStarted" });
      follow({ claimId: existing.claimId, walletAddress, googleEmail: auth.email });
    } else {
      dispatch({
        type: "failedClaimFound",
        failedClaim: failedClaimOf(existing),
        failureReason: existing.failureReason ?? null,
      });
    }
  });

  useEffect(() => {
    if (!claimStepWallet) return;
    let current = true;
    void lookup
      .fetch(claimStepWallet)
      .then((existing) => {
        if (current) resume(claimStepWallet, existing);
      })
      // Quietly: pressing Claim checks again, and tells the visitor if that fails.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [claimStepWallet, lookup]);
}
