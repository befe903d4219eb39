import type { ClaimRecord } from "./claim-repository.ts";

/**
 * A claim as both adapters keep it: its bigints (the amount, block heights) as decimal strings, since 250 tokens in
 * wei overflow the 64-bit integers of SQLite and MongoDB.
 */
export type StoredClaim = Omit<ClaimRecord, "amountWei" | "attemptAtBlock"> & {
  amountWei: string;
  attemptAtBlock: string | null;
};

export function claimFromStored(stored: StoredClaim): ClaimRecord {
  return {
    ...stored,
    amountWei: BigInt(stored.amountWei),
    attemptAtBlock: stored.attemptAtBlock === null ? null : BigInt(stored.attemptAtBlock),
  };
}
