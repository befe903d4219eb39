import type { VerifyAndMintRequest, VerifySubscriptionRequest } from "@tube/common/api";
import { CLAIM_WAIT_MAX_SECONDS, UNFINISHED_CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";
import { ERROR_CATALOGUE, isErrorCode } from "@tube/common/errors";
import {
  checkClaimResponseSchema,
  claimViewSchema,
  verifyAndMintResponseSchema,
  verifySubscriptionResponseSchema,
  type VerifyAndMintResponse,
} from "@tube/common/api-responses";
import { ApiError, apiGet, apiPost, apiSend, type RequestOptions } from "../../../lib/api-client.ts";

/** A refusal that names no code (an older server's answer): shown as a failed verification. */
export const UNEXPLAINED_CLAIM_REFUSAL = "CLAIM_REFUSED";

type ClaimStart =
  { state: "confirmed"; txHash: string; claimId: string | null } | { state: "pending"; claimId: string };

export function verifySubscription(request: VerifySubscriptionRequest) {
  return apiPost("/api/verify-subscription", request, verifySubscriptionResponseSchema);
}

export function checkClaim(walletAddress: string) {
  return apiGet(`/api/check-claim/${encodeURIComponent(walletAddress)}`, checkClaimResponseSchema);
}

/** Starts (or finds) the wallet's claim; a refusal in a 2xx answer throws its code's ApiError. */
export async function verifyAndMint(request: VerifyAndMintRequest): Promise<ClaimStart> {
  const answer = await apiPost("/api/verify-and-mint", request, verifyAndMintResponseSchema);
  if (answer.alreadyClaimed && answer.status === "confirmed" && answer.txHash)
    return { state: "confirmed", txHash: answer.txHash, claimId: answer.claimId };
  if (answer.claimId && (answer.claimed || isClaimPending(answer.status)))
    return { state: "pending", claimId: answer.claimId };
  throw refusalOf(answer);
}

function refusalOf(answer: VerifyAndMintResponse) {
  const code = answer.details ?? (answer.status === "failed" ? "MINT_FAILED" : UNEXPLAINED_CLAIM_REFUSAL);
  const entry = isErrorCode(code) ? ERROR_CATALOGUE[code] : undefined;
  // The status the same refusal has as an error response; an unknown code keeps the answer's own 200.
  return new ApiError(code, answer.error ?? entry?.message ?? "", entry?.status ?? 200);
}

/** Tells the server the hash the page saw. */
export function recordClaim(request: { walletAddress: string; googleEmail: string; txHash: string }) {
  return apiSend("/api/record-claim", request);
}

/** Given the status the page shows, the server answers once the claim leaves it, or after a while. */
export function getClaim(claimId: string, init?: RequestOptions, shown?: ClaimStatus) {
  const wait = shown ? `?wait=${CLAIM_WAIT_MAX_SECONDS}&status=${shown}` : "";
  return apiGet(`/api/claims/${encodeURIComponent(claimId)}${wait}`, claimViewSchema, init);
}

export function isClaimPending(status: ClaimStatus | null) {
  return (UNFINISHED_CLAIM_STATUSES as readonly (ClaimStatus | null)[]).includes(status);
}

/** A wallet's failed claim: its Google account may retry it (ADR 9), or it is on hold until the operator acts. */
export type FailedClaim = "none" | "retryable" | "onHold";

export function failedClaimOf(claim: { status: ClaimStatus | null; onHold?: boolean | undefined }) {
  if (claim.status !== "failed") return "none";
  return claim.onHold ? "onHold" : "retryable";
}
