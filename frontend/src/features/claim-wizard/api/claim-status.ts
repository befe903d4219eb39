import { UNFINISHED_CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";

/** The claim is under way: reserved, queued or submitted. */
export function isClaimPending(status: ClaimStatus | null): boolean {
  return (UNFINISHED_CLAIM_STATUSES as readonly (ClaimStatus | null)[]).includes(status);
}

/**
 * A wallet's failed claim, as the Claim step tells it: its Google account may retry it (ADR 9), or every attempt is
 * used and it is on hold until the operator grants one more; "none" when there is no failed claim.
 */
export type FailedClaim = "none" | "retryable" | "onHold";

/** What a failed claim the server reports leaves the visitor to do. */
export function failedClaimOf(claim: { status: ClaimStatus | null; onHold?: boolean | undefined }): FailedClaim {
  if (claim.status !== "failed") return "none";
  return claim.onHold ? "onHold" : "retryable";
}
