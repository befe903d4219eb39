import { UNFINISHED_CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";

export function isClaimPending(status: ClaimStatus | null) {
  return (UNFINISHED_CLAIM_STATUSES as readonly (ClaimStatus | null)[]).includes(status);
}

/** A wallet's failed claim: its Google account may retry it (ADR 9), or it is on hold until the operator acts. */
export type FailedClaim = "none" | "retryable" | "onHold";

export function failedClaimOf(claim: { status: ClaimStatus | null; onHold?: boolean | undefined }) {
  if (claim.status !== "failed") return "none";
  return claim.onHold ? "onHold" : "retryable";
}
