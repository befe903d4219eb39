import type { ClaimStatus } from "@tube/common/constants";

export interface ClaimRecord {
  /** UUID; with the attempt number it makes each mint attempt's idempotency key (`<id>:<attempt>`). */
  id: string;
  /** Canonical form: lower-case 0x address. */
  walletAddress: string;
  /** Google's stable account id (`sub`). */
  googleSub: string;
  googleEmail: string;
  /** Base units (wei); adapters store it as a decimal string. */
  amountWei: bigint;
  status: ClaimStatus;
  engineTransactionId: string | null;
  txHash: string | null;
  /** The current mint attempt's number (0: none started yet); every attempt has its own idempotency key. */
  attempts: number;
  lastError: string | null;
  /** Chain height when the claim was reserved: scans for its mint start here. */
  reservedAtBlock: bigint | null;
  /** Chain height when the current attempt was written ahead of its Engine call: its grace period counts from here. */
  attemptAtBlock: bigint | null;
  /** Which process drives the claim, and until when (ms since the epoch): only the lease holder calls Engine for it. */
  leaseOwner: string | null;
  leaseUntil: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewClaim {
  id: string;
  walletAddress: string;
  googleSub: string;
  googleEmail: string;
  amountWei: bigint;
  reservedAtBlock: bigint | null;
  /** The reserving process holds the claim's lease from the start, so no reconciler races its first attempt. */
  lease: { owner: string; until: number };
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
  >
>;

/** Extra conditions of a compare-and-set: a stale copy of the claim (an older attempt) can never overwrite newer progress. */
export interface TransitionGuard {
  attempts?: number;
}

/** What the operator's deny list holds: a canonical (lower-case) wallet, or a Google account's `sub`. */
export type DenyKind = "wallet" | "googleAccount";

/** Wallets are kept lower-case, like the claims' own; a Google `sub` is taken as given. */
export function canonicalDenyValue(kind: DenyKind, value: string): string {
  return kind === "wallet" ? value.toLowerCase() : value;
}

/** The operator's switch for new claims; `pausedBy` and `pausedAt` say who paused them and when (null while open). */
export interface OperatorControls {
  paused: boolean;
  pausedBy: string | null;
  pausedAt: Date | null;
}

/** What `npm run claims` counts in the store, so every server's /metrics shows it. */
export type OperatorAction = "pause" | "resume" | "deny" | "allow" | "resolve";

/**
 * Durable record of claims. Both adapters (SQLite, MongoDB) enforce one claim per
 * wallet and one per Google account with unique constraints: the insert is the gate.
 */
export interface ClaimStore {
  reserve(claim: NewClaim): Promise<ReserveResult>;
  findById(id: string): Promise<ClaimRecord | null>;
  findByWallet(walletAddress: string): Promise<ClaimRecord | null>;
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
  /** Gives the lease up, if `owner` still holds it. */
  releaseLease(id: string, owner: string): Promise<void>;
  /** Claims in `reserved`, `queued` or `submitted`, oldest first. */
  listUnfinished(): Promise<ClaimRecord[]>;
  /** Claims matching `filter`, oldest first: the operator's export and retries. */
  list(filter: ClaimFilter): Promise<ClaimRecord[]>;
  /**
   * The `MAX_TOTAL_CLAIMS` gate: one atomic conditional increment of a counter that starts at the number of
   * claims ever reserved. Returns false, changing nothing, when `limit` slots are taken.
   */
  takeBudgetSlot(limit: number): Promise<boolean>;
  /** Gives back a slot taken for a reservation that did not happen. */
  releaseBudgetSlot(): Promise<void>;
  /** The slots the `MAX_TOTAL_CLAIMS` gate has handed out: the budget counter itself, failed claims included. */
  budgetSlotsUsed(): Promise<number>;
  /**
   * Adds `units` to the YouTube quota spent on `day` (Google's quota day, a Pacific date `YYYY-MM-DD`) in one
   * atomic step shared by every process on this store; returns the day's new total.
   */
  addYoutubeQuotaUnits(day: string, units: number): Promise<number>;
  /** The YouTube quota units spent on `day`; 0 when none were. */
  youtubeQuotaUnits(day: string): Promise<number>;
  /** Opens or closes new claims for every process on this store; returns the controls as stored. */
  setPaused(paused: boolean, by: string): Promise<OperatorControls>;
  controls(): Promise<OperatorControls>;
  /** Adds a wallet (stored lower-case) or a Google account to the deny list; denying twice changes nothing. */
  deny(kind: DenyKind, value: string, by: string): Promise<void>;
  /** Takes an entry off the deny list; false when it was not on it. */
  allow(kind: DenyKind, value: string): Promise<boolean>;
  /** Which of the two is denied, the wallet first; null when neither is (or none is given). */
  isDenied(walletAddress: string | null, googleSub: string | null): Promise<DenyKind | null>;
  /** Adds one to the count of an operator action, in one atomic step. */
  countOperatorAction(action: OperatorAction): Promise<void>;
  /** Every operator action taken on this store, with how many times. */
  operatorActionCounts(): Promise<Partial<Record<OperatorAction, number>>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
