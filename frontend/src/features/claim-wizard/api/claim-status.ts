import { UNFINISHED_CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";

/** The claim is under way: reserved, queued or submitted. */
export function isClaimPending(status: ClaimStatus | null): boolean {
  return (UNFINISHED_CLAIM_STATUSES as readonly (ClaimStatus | null)[]).includes(status);
}
