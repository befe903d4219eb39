import type { ClaimStatus } from "@tube/common/constants";

export interface ClaimRecord {
  /** UUID; with the attempt number it makes each mint attempt's idempotency key (`<id>:<attempt>`). */
  id: string;
  /** Canonical form: lower-case 0x address. */
  walletAddress: string;
  /**
   * Google's stable account id (`sub`); once the claim's personal data expired, its keyed fingerprint instead
   * (`hmac-sha256:…`), which still stops the account claiming twice.
   */
  googleSub: string;
  /** Base units (wei); adapters store it as a decimal string. */
  amountWei: bigint;
  status: ClaimStatus;
  engineTransactionId: string | null;
  txHash: string | null;
  /** The current mint attempt's number (0: none started yet); every attempt has its own idempotency key. */
  attempts: number;
  lastError: string | null;
  /** Chain height when the current attempt was written ahead of its Engine call: its grace period counts from here. */
  attemptAtBlock: bigint | null;
  /** Which process drives the claim, and until when (ms since the epoch): only the lease holder calls Engine for it. */
  leaseOwner: string | null;
  leaseUntil: number | null;
  /**
   * When a `confirmed` claim's reward was seen in a block `finalized` covers: from then on nothing can take it away.
   * Null while a confirmed claim still rests on the sequencer's promise (the loop checks it once more), and for every
   * other status.
   */
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
  /**
   * The first mint attempt, written ahead with the reservation in the same insert (status `queued`, attempt 1) so a
   * claim costs one durable commit less; absent, the claim starts `reserved` with no attempt.
   */
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

export type ClaimPatch = Partial<
  Pick<
    ClaimRecord,
    | "status"
    | "engineTransactionId"
    | "txHash"
    | "attempts"
    | "lastError"
    | "attemptAtBlock"
    | "leaseOwner"
    | "leaseUntil"
    | "finalAt"
  >
>;

/** Extra conditions of a compare-and-set: a stale copy of the claim (an older attempt) can never overwrite newer progress. */
export interface TransitionGuard {
  attempts?: number;
}

/** One compare-and-set of `transitionMany`: the arguments `transition` takes. */
export interface ClaimTransition {
  id: string;
  fromStatuses: readonly ClaimStatus[];
  patch: ClaimPatch;
  guard?: TransitionGuard;
}

/**
 * The claims themselves. Both adapters (SQLite, MongoDB) enforce one claim per wallet and one per Google account
 * with unique constraints: the insert is the gate.
 */
export interface ClaimRepository {
  reserve(claim: NewClaim): Promise<ReserveResult>;
  findById(id: string): Promise<ClaimRecord | null>;
  findByWallet(walletAddress: string): Promise<ClaimRecord | null>;
  /** The account's claim, whether it is stored under the id or, its personal data erased, under its fingerprint. */
  findByGoogleSub(googleSub: string): Promise<ClaimRecord | null>;
  /**
   * Compare-and-set: applies `patch` only while the claim's status is one of
   * `fromStatuses` (and its attempt is `guard.attempts`, when given); returns the updated claim, or null when it was not applied.
   */
  transition(
    id: string,
    fromStatuses: readonly ClaimStatus[],
    patch: ClaimPatch,
    guard?: TransitionGuard,
  ): Promise<ClaimRecord | null>;
  /**
   * Takes or renews the claim's lease for `owner` until `until` (ms) when it is free, expired at `now`, or already
   * `owner`'s; returns the claim, or null when another process holds it.
   */
  acquireLease(id: string, owner: string, now: number, until: number): Promise<ClaimRecord | null>;
  /**
   * `acquireLease` for the claims among `ids` the mint loop drives (unfinished, or confirmed and awaiting finality),
   * in one write: takes or renews each lease `owner` may have; returns those claims `owner` holds afterwards (a
   * settled claim, one another process holds, or an unknown id is left out).
   */
  acquireLeases(ids: readonly string[], owner: string, now: number, until: number): Promise<ClaimRecord[]>;
  /**
   * Many `transition`s in one transaction, one durable commit: all are written or none (when one fails, it throws and
   * nothing of the others stays). Each answers as `transition` would, in order.
   */
  transitionMany(transitions: readonly ClaimTransition[]): Promise<(ClaimRecord | null)[]>;
  /** Gives the lease up, if `owner` still holds it. */
  releaseLease(id: string, owner: string): Promise<void>;
  /** Claims in `reserved`, `queued` or `submitted`, oldest first. */
  listUnfinished(): Promise<ClaimRecord[]>;
  /** `confirmed` claims not yet seen final (`finalAt` null), oldest first. */
  listAwaitingFinality(): Promise<ClaimRecord[]>;
  /** Claims matching `filter`, oldest first: the operator's export and retries. */
  list(filter: ClaimFilter): Promise<ClaimRecord[]>;
  /**
   * Erases the personal data of claims created before `createdBefore`: the Google account id becomes its keyed
   * fingerprint and any e-mail an older version stored is cleared; the wallet and the transaction stay. Returns how
   * many claims changed (0 when run again). Needs the store's gate key. With `walletAddress`, only that wallet's
   * claim: a viewer's own request to delete their data.
   */
  eraseExpired(createdBefore: Date, walletAddress?: string): Promise<number>;
}

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

/**
 * Why a reservation was refused, read back (claims are never deleted, so the claim that refused it is still there):
 * the wallet's claim first, whichever constraint refused, so both adapters answer alike; null when neither holds one.
 */
export async function refusalOf(
  claims: Pick<ClaimRepository, "findByWallet" | "findByGoogleSub">,
  claim: NewClaim,
): Promise<ReserveResult | null> {
  const byWallet = await claims.findByWallet(claim.walletAddress);
  if (byWallet) return { reserved: false, conflict: "wallet", existing: byWallet };
  const byAccount = await claims.findByGoogleSub(claim.googleSub);
  return byAccount ? { reserved: false, conflict: "googleAccount", existing: byAccount } : null;
}
