import { createHmac } from "node:crypto";
import type { ClaimStatus } from "@tube/common/constants";
import { ConfigError } from "../config.ts";

export interface ClaimRecord {
  /** UUID; with the attempt number, each mint attempt's idempotency key. */
  id: string;
  /** Lower-case 0x address. */
  walletAddress: string;
  /** Google's account id (`sub`); once erased, its keyed fingerprint (`hmac-sha256:…`). */
  googleSub: string;
  amountWei: bigint;
  status: ClaimStatus;
  engineTransactionId: string | null;
  txHash: string | null;
  /** The current mint attempt (0: none yet). */
  attempts: number;
  lastError: string | null;
  /** Chain height when the current attempt was written ahead, where its grace period starts. */
  attemptAtBlock: bigint | null;
  /** Which process drives the claim, until when (epoch ms). */
  leaseOwner: string | null;
  leaseUntil: number | null;
  /** When a `confirmed` claim's reward was seen in a `finalized` block; else null. */
  finalAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewClaim {
  id: string;
  walletAddress: string;
  googleSub: string;
  amountWei: bigint;
  /** Held from the start, so no mint loop races the first attempt. */
  lease: { owner: string; until: number };
  /** The first mint attempt, written ahead in the same insert (`queued`, attempt 1); absent, `reserved`. */
  firstAttempt?: { engineTransactionId: string; attemptAtBlock: bigint };
}

export type ReserveResult =
  | { reserved: true; claim: ClaimRecord }
  /** A unique constraint refused the insert; `existing` is the claim that holds it. */
  | { reserved: false; conflict: "wallet" | "googleAccount"; existing: ClaimRecord };

/** `createdFrom` inclusive, `createdBefore` exclusive; every field given must hold. */
export interface ClaimFilter {
  status?: ClaimStatus;
  createdFrom?: Date;
  createdBefore?: Date;
}

export type ClaimPatch = Partial<
  Omit<ClaimRecord, "id" | "walletAddress" | "googleSub" | "amountWei" | "createdAt" | "updatedAt">
>;

/** The claims: one per wallet and one per Google account, by unique constraints. */
export interface ClaimRepository {
  reserve(claim: NewClaim): Promise<ReserveResult>;
  findById(id: string): Promise<ClaimRecord | null>;
  findByWallet(walletAddress: string): Promise<ClaimRecord | null>;
  /** Under the id or, erased, its fingerprint. */
  findByGoogleSub(googleSub: string): Promise<ClaimRecord | null>;
  /** Compare-and-set: `patch` applies only from `fromStatuses` (and at `guard.attempts`); null when it did not. */
  transition(
    id: string,
    fromStatuses: readonly ClaimStatus[],
    patch: ClaimPatch,
    guard?: { attempts?: number },
  ): Promise<ClaimRecord | null>;
  /** Takes or renews the lease when free, expired at `now`, or `owner`'s; else null. */
  acquireLease(id: string, owner: string, now: number, until: number): Promise<ClaimRecord | null>;
  releaseLease(id: string, owner: string): Promise<void>;
  /** Oldest first. */
  listUnfinished(): Promise<ClaimRecord[]>;
  /** `confirmed` with `finalAt` null, oldest first. */
  listAwaitingFinality(): Promise<ClaimRecord[]>;
  list(filter: ClaimFilter): Promise<ClaimRecord[]>;
  /** Fingerprints the Google account of claims created before `createdBefore` (of `walletAddress` only, if given). */
  eraseExpired(createdBefore: Date, walletAddress?: string): Promise<number>;
}

/** A claim as both adapters keep it: bigints as decimal strings (250 tokens in wei overflow 64 bits). */
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

export function reservedClaim(claim: NewClaim, now: Date): StoredClaim {
  const { id, walletAddress, googleSub, amountWei, lease, firstAttempt } = claim;
  return {
    id,
    walletAddress: walletAddress.toLowerCase(),
    googleSub,
    amountWei: amountWei.toString(),
    status: firstAttempt ? "queued" : "reserved",
    engineTransactionId: firstAttempt?.engineTransactionId ?? null,
    txHash: null,
    attempts: firstAttempt ? 1 : 0,
    lastError: null,
    attemptAtBlock: firstAttempt?.attemptAtBlock.toString() ?? null,
    leaseOwner: lease.owner,
    leaseUntil: lease.until,
    finalAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Why a reservation was refused: the wallet's claim first; else `cause`. */
export async function refusalOf(claims: ClaimRepository, claim: NewClaim, cause?: unknown): Promise<ReserveResult> {
  const byWallet = await claims.findByWallet(claim.walletAddress);
  if (byWallet) return { reserved: false, conflict: "wallet", existing: byWallet };
  const byAccount = await claims.findByGoogleSub(claim.googleSub);
  if (byAccount) return { reserved: false, conflict: "googleAccount", existing: byAccount };
  throw (
    cause ?? new Error(`claim ${claim.id} was refused, yet neither its wallet nor its Google account holds a claim`)
  );
}

/** An HMAC under `CLAIM_GATE_KEY`, not reversible; Google's ids are digits only, so the prefix marks an erased one. */
export function googleAccountFingerprint(gateKey: string, googleSub: string) {
  return "hmac-sha256:" + createHmac("sha256", gateKey).update(googleSub).digest("hex");
}

/** The id, and its fingerprint (the id again, with no key). */
export function storedFormsOf(gateKey: string | undefined, googleSub: string): [asGiven: string, erased: string] {
  return [googleSub, gateKey === undefined ? googleSub : googleAccountFingerprint(gateKey, googleSub)];
}

/** Erasing needs the key: an id erased without one could never be recognised again. */
export function requireGateKey(gateKey: string | undefined) {
  if (gateKey === undefined)
    throw new Error("CLAIM_GATE_KEY is not set: expired claims cannot be erased without it (see docs/deploy.md)");
  return gateKey;
}

/** What the store keeps of its key from the first erasure on. */
export function gateKeyCheck(gateKey: string) {
  return createHmac("sha256", gateKey).update("tube claim gate key check").digest("hex");
}

/** Refuses a key other than the fingerprints' (`storedCheck`, null before any erasure). */
export function assertGateKeyMatches(
  storedCheck: string | null,
  gateKey: string | undefined,
  refusing = "to open the claim store",
) {
  if (storedCheck === null || (gateKey !== undefined && gateKeyCheck(gateKey) === storedCheck)) return;
  const why =
    gateKey === undefined
      ? "is not set, but claims in this store were erased under one"
      : "is not the key this store's erased claims were fingerprinted under";
  throw new ConfigError(
    `Refusing ${refusing}:\n  CLAIM_GATE_KEY: ${why}: their accounts could claim again; set the key kept with the backups (docs/deploy.md)`,
  );
}
