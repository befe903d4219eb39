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

export function getClaim(claimId: string, init?: RequestOptions): Promise<ClaimView> {
  return apiGet<ClaimView>(`/api/claims/${encodeURIComponent(claimId)}`, init);
}
