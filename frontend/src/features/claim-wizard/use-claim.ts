/**
 * Step 2's Claim: the checks in the order the visitor meets them, then this wallet's claim: one already confirmed goes to Done, one
 * under way is followed, otherwise verify-and-mint starts it. When Google must authorize first (no session, or the
 * server refused it), the claim goes on by itself once the visitor has authorized again.
 */
import type { GoogleAuthResponse } from "@tube/common/api";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef } from "react";
import { notify, type Notification } from "../../components/ui/toaster.tsx";
import { verifyAndMint } from "./api/claim-api.ts";
import { isClaimPending } from "./api/claim-status.ts";
import {
  CLAIM_TOAST_ID,
  claimFailedToast,
  isGoogleSessionRejected,
  failedClaimAfter,
  TOASTS,
  tokensAlreadyClaimedToast,
} from "./claim-messages.ts";
import type { FlowLock } from "./flow-lock.ts";
import type { WizardGoogle, WizardWallet } from "./ports.ts";
import type { ClaimLookup } from "./use-claim-lookup.ts";
import type { FollowedClaim } from "./use-followed-claim.ts";
import type { WizardEvent, WizardState } from "./wizard-state.ts";

export interface ClaimDeps {
  state: WizardState;
  dispatch: (event: WizardEvent) => void;
  wallet: WizardWallet;
  google: WizardGoogle;
  auth: GoogleAuthResponse | null;
  /** The server refused this token: the wizard stops counting it as a session. */
  rejectToken(accessToken: string): void;
  lock: FlowLock;
  lookup: ClaimLookup;
  follow(claim: FollowedClaim): void;
}

export interface ClaimControls {
  claim(): Promise<void>;
  /** Reopens the Google popup (call it from the click) and continues the claim once authorized. */
  reconnectGoogle(): void;
}

export function useClaim(deps: ClaimDeps): ClaimControls {
  const { state, dispatch, wallet, google, auth, rejectToken, lock, lookup, follow } = deps;
  const { mutateAsync: requestMint } = useMutation({ mutationFn: verifyAndMint });
  const claimAfterAuthorizing = useRef(false);
  const unmounted = useUnmountSignal();

  async function claim() {
    if (lock.held) return;
    const walletAddress = wallet.isConnected ? wallet.address : undefined;
    if (!walletAddress) return void notify(TOASTS.walletNotConnected);
    if (!state.youtubeUsername.trim()) return void notify(TOASTS.usernameMissing);
    if (!auth?.email) {
      claimAfterAuthorizing.current = true;
      return void notify(TOASTS.mintAuthRequired);
    }

    lock.take();
    let following = false;
    const signal = unmounted();
    const succeed = (txHash: string, toast: Notification, claimedAt?: string) => {
      dispatch({ type: "mintSucceeded", txHash, recipient: walletAddress, claimedAt });
      notify({ ...toast, id: CLAIM_TOAST_ID });
    };
    try {
      dispatch({ type: "mintStarted" });
      notify(TOASTS.checkingClaim);
      const existing = await lookup.lookUp(walletAddress);
      if (existing?.claimed && existing.status === "confirmed" && existing.txHash) {
        return succeed(existing.txHash, tokensAlreadyClaimedToast(existing.claimedAt), existing.claimedAt ?? undefined);
      }
      // A claim already under way for this wallet is followed, not started again.
      let claimId = existing?.claimed && isClaimPending(existing.status) ? existing.claimId : null;
      if (!claimId) {
        notify({ ...TOASTS.processing, id: CLAIM_TOAST_ID });
        const started = await requestMint({
          walletAddress,
          googleEmail: auth.email,
          oauthAccessToken: auth.accessToken,
        });
        if (started.state === "confirmed") return succeed(started.txHash, TOASTS.tokensAlreadyClaimed);
        claimId = started.claimId;
      }
      follow({ claimId, walletAddress, googleEmail: auth.email });
      following = true;
    } catch (cause) {
      if (signal.aborted) return;
      if (isGoogleSessionRejected(cause)) {
        rejectToken(auth.accessToken);
        claimAfterAuthorizing.current = true;
      }
      dispatch({ type: "mintStopped", failedClaim: failedClaimAfter(cause) });
      notify({ ...claimFailedToast(cause), id: CLAIM_TOAST_ID });
    } finally {
      if (!following) lock.release();
    }
  }

  // After the popup on the Claim step, the claim the visitor asked for goes on by itself.
  const continueAfterAuthorizing = useEffectEvent(() => {
    if (!claimAfterAuthorizing.current || state.step !== 2) return;
    claimAfterAuthorizing.current = false;
    void claim();
  });
  const authorizedToken = auth?.accessToken;
  useEffect(() => {
    if (authorizedToken) continueAfterAuthorizing();
  }, [authorizedToken]);

  return {
    claim,
    reconnectGoogle() {
      claimAfterAuthorizing.current = true;
      google.authorize();
    },
  };
}

/** The signal of the current mount: aborted once the wizard unmounts, so a late failure tells no one. */
function useUnmountSignal(): () => AbortSignal {
  const controller = useRef(new AbortController());
  useEffect(() => {
    const mounted = new AbortController();
    controller.current = mounted;
    return () => mounted.abort();
  }, []);
  return () => controller.current.signal;
}
