import type { VerifySubscriptionRequest, VerifySubscriptionResponse } from "@tube/common/api";
import { AppError } from "../errors.ts";
import type { GoogleGateway } from "../google/google-gateway.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import type { ClaimControls } from "./claim-controls.ts";
import type { SubscriptionVerifier } from "./subscription-verifier.ts";

type Deps = {
  google: GoogleGateway;
  store: ClaimStore;
  subscriptions: SubscriptionVerifier;
  channelId: string;
  controls: ClaimControls;
};

/**
 * POST /api/verify-subscription: the token is checked with Google (tokeninfo, free) before anything else,
 * and an account that already holds a claim spends no YouTube quota: its subscription was verified when it
 * claimed, and the answer names that claim so Verify can tell the visitor (ADR 23). While claims are paused, or for a denied account, it is
 * refused before any YouTube call: the claim it leads to would be refused anyway.
 */
export async function verifySubscriptionRequest(
  deps: Deps,
  request: VerifySubscriptionRequest,
): Promise<VerifySubscriptionResponse> {
  if (request.channelId !== deps.channelId) throw new AppError("WRONG_CHANNEL");
  await deps.controls.assertOpen();
  const identity = await deps.google.validateAccessToken(request.accessToken);
  await deps.controls.assertNotDenied({ walletAddress: null, googleSub: identity.sub });
  const claim = await deps.store.claims.findByGoogleSub(identity.sub);
  if (claim && claim.status !== "failed")
    return {
      isSubscribed: true,
      accountClaim: {
        walletAddress: claim.walletAddress,
        status: claim.status,
        claimedAt: claim.createdAt.toISOString(),
      },
    };
  return deps.subscriptions.verify(identity, request.accessToken, request.youtubeUsername);
}
