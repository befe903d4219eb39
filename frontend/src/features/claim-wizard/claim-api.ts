/** The claim flow's calls to our server (shapes in @tube/common/api). */
import type {
  CheckClaimResponse,
  ClaimView,
  VerifyAndMintRequest,
  VerifyAndMintResponse,
  VerifySubscriptionRequest,
  VerifySubscriptionResponse,
} from "@tube/common/api";
import { apiGet, apiPost, type RequestOptions } from "../../lib/api-client.ts";

export function verifySubscription(request: VerifySubscriptionRequest): Promise<VerifySubscriptionResponse> {
  return apiPost<VerifySubscriptionResponse>("/api/verify-subscription", request);
}

export function checkClaim(walletAddress: string): Promise<CheckClaimResponse> {
  return apiGet<CheckClaimResponse>(`/api/check-claim/${encodeURIComponent(walletAddress)}`);
}

export function verifyAndMint(request: VerifyAndMintRequest): Promise<VerifyAndMintResponse> {
  return apiPost<VerifyAndMintResponse>("/api/verify-and-mint", request);
}

/** Spec §7: tells the server the hash the page saw. The server's own record is the truth; this only confirms it. */
export function recordClaim(request: { walletAddress: string; googleEmail: string; txHash: string }): Promise<unknown> {
  return apiPost("/api/record-claim", request);
}

export function getClaim(claimId: string, init?: RequestOptions): Promise<ClaimView> {
  return apiGet<ClaimView>(`/api/claims/${encodeURIComponent(claimId)}`, init);
}
