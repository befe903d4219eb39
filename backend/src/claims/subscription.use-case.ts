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

/** Paused claims, a denied account or one that holds a claim (ADR 23) spend no YouTube quota. */
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
