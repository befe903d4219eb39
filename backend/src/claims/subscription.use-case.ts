import type { VerifySubscriptionRequest, VerifySubscriptionResponse } from "@tube/common/api";
import { AppError } from "../errors.ts";
import type { GoogleGateway } from "../google/google-gateway.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import type { SubscriptionVerifier } from "./subscription-verifier.ts";

type Deps = { google: GoogleGateway; store: ClaimStore; subscriptions: SubscriptionVerifier; channelId: string };

/**
 * POST /api/verify-subscription: the token is checked with Google (tokeninfo, free) before anything else,
 * and an account that already holds a claim spends no YouTube quota: its subscription was verified when it
 * claimed, and the claim step will show that claim (ADR 8).
 */
export async function verifySubscriptionRequest(
  deps: Deps,
  request: VerifySubscriptionRequest,
): Promise<VerifySubscriptionResponse> {
  if (request.channelId !== deps.channelId) throw new AppError("WRONG_CHANNEL");
  const identity = await deps.google.validateAccessToken(request.accessToken);
  const claim = await deps.store.findByGoogleSub(identity.sub);
  if (claim && claim.status !== "failed") return { isSubscribed: true };
  return deps.subscriptions.verify(identity, request.accessToken, request.youtubeUsername);
}
