import type { ClaimStatus } from "@tube/common/constants";

export interface ClaimRecord {
  /** UUID; also the mint's idempotency key. */
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
  /** How many mints were queued for this claim. */
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewClaim {
  id: string;
  walletAddress: string;
  googleSub: string;
  googleEmail: string;
  amountWei: bigint;
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

export type ClaimPatch = Partial<Pick<ClaimRecord, "status" | "engineTransactionId" | "txHash" | "attempts" | "lastError">>;

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
   * `fromStatuses`; returns the updated claim, or null when it was not applied.
   */
  transition(id: string, fromStatuses: readonly ClaimStatus[], patch: ClaimPatch): Promise<ClaimRecord | null>;
  /** Claims in `reserved`, `queued` or `submitted`, oldest first. */
  listUnfinished(): Promise<ClaimRecord[]>;
  /** Claims matching `filter`, oldest first: the operator's export and retries. */
  list(filter: ClaimFilter): Promise<ClaimRecord[]>;
  /** All claims that count against the budget (every status but `failed`). */
  countActive(): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
