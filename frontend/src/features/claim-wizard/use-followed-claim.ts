/**
 * Following a queued mint until it settles: its status moves the progress bar, and the end of it (confirmed or
 * failed) ends the claim flow, tells the visitor, and releases the flow lock the claim took.
 */
import { useEffect, useEffectEvent, useState } from "react";
import { notify } from "../../components/ui/toaster.tsx";
import { recordClaim } from "./api/claim-api.ts";
import { useClaimProgress, type ClaimProgress } from "./api/claim-polling.ts";
import { CLAIM_TOAST_ID, claimFailedToast, failedClaimAfter, failureReasonAfter, TOASTS } from "./claim-messages.ts";
import type { FlowLock } from "./flow-lock.ts";
import type { SavedClaim } from "./wizard-progress-storage.ts";
import type { WizardEvent } from "./wizard-state.ts";

/** A queued mint the wizard follows until it settles, with what record-claim needs afterwards. */
export type FollowedClaim = SavedClaim;

export interface FollowedClaimControls {
  followed: FollowedClaim | null;
  /** Starts following; the caller has taken the flow lock, and it stays held until the claim settles. */
  follow(claim: FollowedClaim): void;
}

export function useFollowedClaim(
  resumed: FollowedClaim | null,
  { dispatch, lock }: { dispatch: (event: WizardEvent) => void; lock: FlowLock },
): FollowedClaimControls {
  const [followed, setFollowed] = useState<FollowedClaim | null>(resumed);
  const progress = useClaimProgress(followed?.claimId ?? null);

  const onProgress = useEffectEvent((progress: ClaimProgress) => {
    if (!followed || progress.state === "idle") return;
    if (progress.state === "pending") {
      if (progress.status) dispatch({ type: "claimStatusChanged", status: progress.status });
      return;
    }
    setFollowed(null);
    lock.release();
    if (progress.state === "failed") {
      dispatch({
        type: "mintStopped",
        failedClaim: failedClaimAfter(progress.error),
        failureReason: failureReasonAfter(progress.error),
      });
      notify({ ...claimFailedToast(progress.error), id: CLAIM_TOAST_ID });
      return;
    }
    const { txHash } = progress;
    dispatch({ type: "mintSucceeded", txHash, recipient: followed.walletAddress });
    notify({ ...TOASTS.minted, id: CLAIM_TOAST_ID });
    // The server's own record is the truth: the answer is not read and a failure is only logged.
    recordClaim({ walletAddress: followed.walletAddress, googleEmail: followed.googleEmail, txHash }).catch(
      (cause: unknown) => console.warn("record-claim failed", cause),
    );
  });
  useEffect(() => onProgress(progress), [progress]);

  return { followed, follow: setFollowed };
}
