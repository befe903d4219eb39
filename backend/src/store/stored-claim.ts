import type { ClaimRecord } from "./claim-repository.ts";

/**
 * A claim as both adapters keep it: its bigints (the amount, block heights) as decimal strings, since 250 tokens in
 * wei overflow the 64-bit integers of SQLite and MongoDB.
 */
export type StoredClaim = Omit<ClaimRecord, "amountWei" | "reservedAtBlock" | "attemptAtBlock"> & {
  amountWei: string;
  reservedAtBlock: string | null;
  attemptAtBlock: string | null;
};

export function claimFromStored(stored: StoredClaim): ClaimRecord {
  return {
    ...stored,
    amountWei: BigInt(stored.amountWei),
    reservedAtBlock: stored.reservedAtBlock === null ? null : BigInt(stored.reservedAtBlock),
    attemptAtBlock: stored.attemptAtBlock === null ? null : BigInt(stored.attemptAtBlock),
  };
}
