/** The claim flow's calls to our server; its answers are checked with the zod/mini schemas of @tube/common. */
import type { VerifyAndMintRequest, VerifySubscriptionRequest } from "@tube/common/api";
import {
  checkClaimResponseSchema,
  claimViewSchema,
  verifyAndMintResponseSchema,
  verifySubscriptionResponseSchema,
  type CheckClaimResponse,
  type ClaimView,
  type VerifyAndMintResponse,
  type VerifySubscriptionResponse,
} from "@tube/common/api-responses";
import { apiGet, apiPost, apiSend, type RequestOptions } from "../../../lib/api-client.ts";

export function verifySubscription(request: VerifySubscriptionRequest): Promise<VerifySubscriptionResponse> {
  return apiPost("/api/verify-subscription", request, verifySubscriptionResponseSchema);
}

export function checkClaim(walletAddress: string): Promise<CheckClaimResponse> {
  return apiGet(`/api/check-claim/${encodeURIComponent(walletAddress)}`, checkClaimResponseSchema);
}

export function verifyAndMint(request: VerifyAndMintRequest): Promise<VerifyAndMintResponse> {
  return apiPost("/api/verify-and-mint", request, verifyAndMintResponseSchema);
}

/** Spec §7: tells the server the hash the page saw. The server's own record is the truth; this only confirms it. */
export function recordClaim(request: { walletAddress: string; googleEmail: string; txHash: string }): Promise<void> {
  return apiSend("/api/record-claim", request);
}

export function getClaim(claimId: string, init?: RequestOptions): Promise<ClaimView> {
  return apiGet(`/api/claims/${encodeURIComponent(claimId)}`, claimViewSchema, init);
}
