import type { ClaimStatus } from "@tube/common/constants";

export interface ClaimRecord {
  /** UUID; with the attempt number it makes each mint attempt's idempotency key. */
  id: string;
  /** Canonical form: lower-case 0x address. */
  walletAddress: string;
  /** Google's stable account id (`sub`); once erased, its keyed fingerprint (`hmac-sha256:…`). */
  googleSub: string;
  amountWei: bigint;
  status: ClaimStatus;
  engineTransactionId: string | null;
  txHash: string | null;
  /** The current mint attempt's number (0: none started yet). */
  attempts: number;
  lastError: string | null;
  /** Chain height when the current attempt was written ahead: its grace period counts from here. */
  attemptAtBlock: bigint | null;
  /** Which process drives the claim, and until when (ms since the epoch). */
  leaseOwner: string | null;
  leaseUntil: number | null;
  /** When a `confirmed` claim's reward was seen in a `finalized` block; null before, and for every other status. */
  finalAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewClaim {
  id: string;
  walletAddress: string;
  googleSub: string;
  amountWei: bigint;
  /** The reserving process holds the claim's lease from the start, so no mint loop races its first attempt. */
  lease: { owner: string; until: number };
  /** The first mint attempt, written ahead in the same insert (`queued`, attempt 1); absent, it is `reserved`. */
  firstAttempt?: { engineTransactionId: string; attemptAtBlock: bigint };
}

export type ReserveResult =
  | { reserved: true; claim: ClaimRecord }
  /** The unique wallet or Google-account constraint refused the insert; `existing` is the claim that holds it. */
  | { reserved: false; conflict: "wallet" | "googleAccount"; existing: ClaimRecord };

/** Which claims `list` returns: every condition given must hold. */
export interface ClaimFilter {
  status?: ClaimStatus;
  /** Created at or after. */
  createdFrom?: Date;
  /** Created before. */
  createdBefore?: Date;
}

/** What a transition may change: everything but the claim's identity and its times. */
export type ClaimPatch = Partial<
  Omit<ClaimRecord, "id" | "walletAddress" | "googleSub" | "amountWei" | "createdAt" | "updatedAt">
>;

/** The claims. Both adapters enforce one claim per wallet and one per Google account with unique constraints. */
export interface ClaimRepository {
  reserve(claim: NewClaim): Promise<ReserveResult>;
  findById(id: string): Promise<ClaimRecord | null>;
  findByWallet(walletAddress: string): Promise<ClaimRecord | null>;
  /** The account's claim, stored under its id or, erased, under its fingerprint. */
  findByGoogleSub(googleSub: string): Promise<ClaimRecord | null>;
  /**
   * One compare-and-set: `patch` applies only from `fromStatuses` (and at attempt `guard.attempts`, when given). The
   * updated claim, or null when it did not apply (a stale copy never wins).
   */
  transition(
    id: string,
    fromStatuses: readonly ClaimStatus[],
    patch: ClaimPatch,
    guard?: { attempts?: number },
  ): Promise<ClaimRecord | null>;
  /** Takes or renews the lease when free, expired at `now`, or already `owner`'s; null when another holds it. */
  acquireLease(id: string, owner: string, now: number, until: number): Promise<ClaimRecord | null>;
  /** Gives the lease up, if `owner` still holds it. */
  releaseLease(id: string, owner: string): Promise<void>;
  /** Claims in `reserved`, `queued` or `submitted`, oldest first. */
  listUnfinished(): Promise<ClaimRecord[]>;
  /** `confirmed` claims not yet seen final (`finalAt` null), oldest first. */
  listAwaitingFinality(): Promise<ClaimRecord[]>;
  /** Claims matching `filter`, oldest first: the operator's export and retries. */
  list(filter: ClaimFilter): Promise<ClaimRecord[]>;
  /**
   * Erases the personal data of claims created before `createdBefore` (with `walletAddress`, only that wallet's): the
   * Google account id becomes its keyed fingerprint. Returns how many changed; needs the store's gate key.
   */
  eraseExpired(createdBefore: Date, walletAddress?: string): Promise<number>;
}

/** A claim as both adapters keep it: bigints as decimal strings, since 250 tokens in wei overflow 64 bits. */
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

/** What a reservation writes: `reserved` with no attempt, or `queued` at attempt 1 when its first one is given. */
export function reservedClaim(claim: NewClaim, now: Date): StoredClaim {
  const { firstAttempt } = claim;
  return {
    id: claim.id,
    walletAddress: claim.walletAddress.toLowerCase(),
    googleSub: claim.googleSub,
    amountWei: claim.amountWei.toString(),
    status: firstAttempt ? "queued" : "reserved",
    engineTransactionId: firstAttempt?.engineTransactionId ?? null,
    txHash: null,
    attempts: firstAttempt ? 1 : 0,
    lastError: null,
    attemptAtBlock: firstAttempt?.attemptAtBlock.toString() ?? null,
    leaseOwner: claim.lease.owner,
    leaseUntil: claim.lease.until,
    finalAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Why a reservation was refused, read back (claims are never deleted): the wallet's claim first, in both adapters. */
export async function refusalOf(
  claims: Pick<ClaimRepository, "findByWallet" | "findByGoogleSub">,
  claim: NewClaim,
): Promise<ReserveResult | null> {
  const byWallet = await claims.findByWallet(claim.walletAddress);
  if (byWallet) return { reserved: false, conflict: "wallet", existing: byWallet };
  const byAccount = await claims.findByGoogleSub(claim.googleSub);
  return byAccount ? { reserved: false, conflict: "googleAccount", existing: byAccount } : null;
}
