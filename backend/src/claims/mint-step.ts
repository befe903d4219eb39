import { UNFINISHED_CLAIM_STATUSES as UNFINISHED, type ClaimStatus } from "@tube/common/constants";
import {
  RewardNotQueuedError,
  type ChainObservation,
  type ChainReader,
  type Minter,
  type MintTransaction,
} from "../minting/minter.ts";
import type { Logger } from "../observability/logger.ts";
import type { Metrics } from "../observability/metrics.ts";
import type { ClaimPatch, ClaimRecord } from "../store/claim-repository.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import { attemptKey, claimIdOfAttemptKey } from "./attempt-key.ts";
import { decideMint, type MintDecision, type MintRules } from "./mint-decision.ts";
import type { SigningPause } from "./signing-pause.ts";

export interface StepContext {
  store: ClaimStore;
  minter: Minter;
  chainReader: ChainReader;
  signing: SigningPause;
  metrics: Metrics;
  logger: Logger;
  /** Told each queued reward no block holds yet, with its hash once Engine has sent it. */
  onUnmined?: (reward: { wallet: string; txHash: string | null }) => void;
}

const RETRYABLE: readonly ClaimStatus[] = ["reserved", "queued", "submitted", "failed"];
/** A confirmed claim whose reward was reorganised away is reopened. */
const ATTEMPTABLE: readonly ClaimStatus[] = [...RETRYABLE, "confirmed"];
/** A settled claim needs no driver, so the write that settles it gives its lease up too. */
export const NO_LEASE = { leaseOwner: null, leaseUntil: null } satisfies ClaimPatch;

interface Sighting {
  engine: MintTransaction | null;
  chain: ChainObservation;
}

type Move = () => Promise<ClaimRecord>;

/** One look at Engine and the chain for all; a claim's failure is its own. */
export async function stepClaims(ctx: StepContext, claims: readonly ClaimRecord[], rules: MintRules) {
  if (claims.length === 0) return [];
  const sightings = await look(ctx, claims);
  const decisions = claims.map((claim, index) => {
    const sighting = sightings[index] as PromiseSettledResult<Sighting>;
    return sighting.status === "fulfilled" ? decide(ctx, claim, sighting.value, rules) : sighting;
  });
  const hashes = await rewardHashes(ctx, claims, decisions);
  const moves = claims.map((claim, index) => {
    const decided = decisions[index] as (typeof decisions)[number];
    return "reason" in decided ? unseen(decided.reason) : planMove(ctx, claim, decided, hashes.get(claim.id));
  });
  return Promise.allSettled(moves.map((move) => move()));
}

async function look(ctx: StepContext, claims: readonly ClaimRecord[]) {
  // An attempt taken back (unsigned) counts none, but its key is on record.
  const engineIds = claims.map((claim) =>
    (claim.attempts > 0 || claim.engineTransactionId !== null) && claim.status !== "confirmed"
      ? (claim.engineTransactionId ?? attemptKey(claim.id, claim.attempts))
      : null,
  );
  const asked = engineIds.filter((id) => id !== null);
  const engine = asked.length > 0 ? await ctx.minter.getTransactions(asked) : new Map<string, MintTransaction>();
  const records = engineIds.map((id) => (id === null ? null : (engine.get(id) ?? null)));
  const asks = claims.map((claim, index) => ({
    wallet: claim.walletAddress,
    txHash: claim.status === "confirmed" ? null : (records[index]?.txHash ?? claim.txHash),
  }));
  const chain = await ctx.chainReader.observeMany(asks);
  return Promise.allSettled(
    chain.map(async (seen, index): Promise<Sighting> => {
      if (seen.status === "rejected") throw seen.reason;
      const claim = claims[index] as ClaimRecord;
      const { wallet, txHash } = asks[index] as (typeof asks)[number];
      // Engine's list may lag its sends, so a queued reward without a hash is followed by the wallet's record.
      if (txHash ? !seen.value.receipt : claim.status === "queued" && seen.value.rewardedInBlock === null)
        ctx.onUnmined?.({ wallet, txHash });
      return { engine: records[index] ?? null, chain: await recheck(claim, seen.value) };
    }),
  );

  /** A fresh receipt tells a reorg from a changed contract. */
  async function recheck(claim: ClaimRecord, chain: ChainObservation) {
    if (claim.status !== "confirmed" || chain.rewardedInBlock !== null || !claim.txHash) return chain;
    return { ...chain, receipt: await ctx.chainReader.receiptNow(claim.walletAddress, claim.txHash) };
  }
}

interface Decided {
  decision: MintDecision;
  head: bigint;
}

function decide(ctx: StepContext, claim: ClaimRecord, { engine, chain }: Sighting, rules: MintRules): Decided {
  const takenBack = lastKeyNumber(claim) > claim.attempts;
  const facts = { ...claim, txHash: engine?.txHash ?? claim.txHash, engine, chain, takenBack };
  return { decision: decideMint({ ...facts, signingBlocked: ctx.signing.isOn() }, rules), head: chain.head };
}

/** The reward's hash for each claim to confirm whose attempt does not prove it. */
async function rewardHashes(
  ctx: StepContext,
  claims: readonly ClaimRecord[],
  decisions: readonly (Decided | PromiseRejectedResult)[],
) {
  const wanted = claims.flatMap((claim, index) => {
    const decided = decisions[index];
    if (!decided || "reason" in decided) return [];
    const { decision } = decided;
    return decision.kind === "confirm" && decision.txHash === null ? [{ claim, block: decision.block }] : [];
  });
  const found = await ctx.chainReader.rewardTransactions(
    wanted.map(({ claim, block }) => ({ wallet: claim.walletAddress, block })),
  );
  return new Map(wanted.map(({ claim }, index) => [claim.id, found[index] as PromiseSettledResult<string | null>]));
}

function planMove(
  ctx: StepContext,
  claim: ClaimRecord,
  { decision, head }: Decided,
  hash: PromiseSettledResult<string | null> | undefined,
): Move {
  switch (decision.kind) {
    case "wait":
      return unchanged(claim);
    case "submitted":
      return markSubmitted(ctx, claim, decision.txHash);
    case "confirm": {
      if (decision.txHash) return confirm(ctx, claim, decision.txHash, decision.finalized);
      if (hash?.status === "rejected") return unseen(hash.reason);
      const txHash = hash?.value ?? null;
      if (!txHash)
        ctx.logger.warn(
          { claimId: claim.id, block: String(decision.block) },
          "the reward's log is not found yet; will retry",
        );
      return confirm(ctx, claim, txHash, decision.finalized);
    }
    case "finalized":
      return markFinalized(ctx, claim);
    case "attempt":
      return startAttempt(ctx, claim, decision.reason, head);
    case "unsigned":
      return takeBackUnsigned(ctx, claim, decision.reason);
    case "fail":
      return fail(ctx, claim, decision.reason);
  }
}

function unseen(reason: unknown): Move {
  return () => Promise.reject(reason as Error);
}

function unchanged(claim: ClaimRecord): Move {
  return async () => claim;
}

/** A compare-and-set (at the current attempt when `guarded`), then `then`; a reread if it did not apply. */
function cas(
  ctx: StepContext,
  claim: ClaimRecord,
  { fromStatuses, patch, guarded }: { fromStatuses: readonly ClaimStatus[]; patch: ClaimPatch; guarded: boolean },
  then: (written: ClaimRecord) => ClaimRecord | Promise<ClaimRecord> = (written) => written,
): Move {
  const guard = guarded ? { attempts: claim.attempts } : undefined;
  return async () => {
    const written = await ctx.store.claims.transition(claim.id, fromStatuses, patch, guard);
    return written ? then(written) : reread(ctx, claim);
  };
}

function markSubmitted(ctx: StepContext, claim: ClaimRecord, txHash: string): Move {
  if (claim.status === "submitted" && claim.txHash === txHash) return unchanged(claim);
  return cas(ctx, claim, { fromStatuses: UNFINISHED, patch: { status: "submitted", txHash }, guarded: true });
}

/** A confirmed claim names the reward's transaction, so no hash means "not yet". */
function confirm(ctx: StepContext, claim: ClaimRecord, txHash: string | null, finalized: boolean): Move {
  if (!txHash) return unchanged(claim);
  const finalAt = finalized ? new Date() : null;
  const patch: ClaimPatch = { status: "confirmed", txHash, lastError: null, finalAt, ...NO_LEASE };
  return cas(ctx, claim, { fromStatuses: RETRYABLE, patch, guarded: false }, (confirmed) => {
    ctx.metrics.claims.inc({ outcome: "confirmed" });
    ctx.metrics.mintLatency.observe((Date.now() - claim.createdAt.getTime()) / 1000);
    ctx.logger.info({ claimId: claim.id, txHash }, "reward confirmed");
    return confirmed;
  });
}

function markFinalized(ctx: StepContext, claim: ClaimRecord): Move {
  const patch = { finalAt: new Date(), ...NO_LEASE };
  return cas(ctx, claim, { fromStatuses: ["confirmed"], patch, guarded: false }, (written) => {
    ctx.metrics.claims.inc({ outcome: "finalized" });
    return written;
  });
}

/** Writes the attempt ahead (a crash leaves its key on record), then queues it. */
function startAttempt(ctx: StepContext, claim: ClaimRecord, reason: string | null, head: bigint): Move {
  const attempt = claim.attempts + 1;
  // Engine Cloud's transaction id is the idempotency key itself.
  const engineTransactionId = attemptKey(claim.id, Math.max(attempt, lastKeyNumber(claim) + 1));
  const patch: ClaimPatch = {
    status: "queued",
    attempts: attempt,
    engineTransactionId,
    txHash: null,
    attemptAtBlock: head,
    lastError: reason,
  };
  return cas(ctx, claim, { fromStatuses: ATTEMPTABLE, patch, guarded: true }, (written) => {
    if (claim.status === "confirmed") {
      ctx.metrics.claims.inc({ outcome: "reorganised" });
      ctx.logger.error(
        { claimId: claim.id, txHash: claim.txHash, attempt },
        "a confirmed reward is gone from the chain (its block was reorganised away): the claim is reopened and its next attempt pays",
      );
    }
    return sendAttempt(ctx, claim, written);
  });
}

/** `before` is the claim as it was before `written` wrote the attempt ahead. */
export async function sendAttempt(ctx: StepContext, before: ClaimRecord, written: ClaimRecord): Promise<ClaimRecord> {
  const attempt = written.attempts;
  const idempotencyKey = written.engineTransactionId ?? attemptKey(before.id, attempt);
  ctx.metrics.claims.inc({ outcome: "queued" });
  let transactionId: string;
  try {
    ({ transactionId } = await ctx.minter.queueReward({ to: before.walletAddress, idempotencyKey }));
  } catch (error) {
    if (error instanceof RewardNotQueuedError) await takeBackRefused(ctx, written, before, error);
    throw error;
  }
  ctx.logger.info({ claimId: before.id, attempt, transactionId }, "reward queued");
  if (transactionId === idempotencyKey) return written;
  const patch = { engineTransactionId: transactionId };
  return (
    (await ctx.store.claims.transition(before.id, UNFINISHED, patch, { attempts: attempt })) ?? reread(ctx, before)
  );
}

/** An attempt Engine refused never used its key: the claim is as it was. */
async function takeBackRefused(
  ctx: StepContext,
  written: ClaimRecord,
  before: ClaimRecord,
  error: RewardNotQueuedError,
) {
  const attempt = written.attempts;
  ctx.logger.warn({ claimId: before.id, attempt, err: error }, "Engine refused the reward; not counted");
  const { status, attempts, engineTransactionId, txHash, attemptAtBlock } = before;
  const lastError = `Engine refused attempt ${attempt}: ${error.cause instanceof Error ? error.cause.message : "4xx"}`;
  const patch = { status, attempts, engineTransactionId, txHash, attemptAtBlock, lastError };
  await ctx.store.claims.transition(before.id, ["queued"], patch, { attempts: attempt });
}

/** An attempt Engine could not sign sent nothing, so it does not count; new claims pause. */
function takeBackUnsigned(ctx: StepContext, claim: ClaimRecord, reason: string): Move {
  const patch = { attempts: claim.attempts - 1, lastError: reason };
  return cas(ctx, claim, { fromStatuses: UNFINISHED, patch, guarded: true }, (written) => {
    ctx.metrics.mintSigningFailures.inc();
    ctx.logger.error(
      { claimId: claim.id, attempt: claim.attempts, reason },
      "Engine could not sign the reward (ENGINE_VAULT_ACCESS_TOKEN or ENGINE_SERVER_WALLET): the attempt is not counted, the claim waits, new claims are paused until Engine signs again",
    );
    ctx.signing.start();
    return written;
  });
}

function fail(ctx: StepContext, claim: ClaimRecord, reason: string): Move {
  const patch: ClaimPatch = { status: "failed", lastError: reason, ...NO_LEASE };
  return cas(ctx, claim, { fromStatuses: UNFINISHED, patch, guarded: true }, (written) => {
    ctx.metrics.claims.inc({ outcome: "failed" });
    ctx.logger.warn({ claimId: claim.id, attempts: claim.attempts, reason }, "mint failed for good");
    return written;
  });
}

async function reread(ctx: StepContext, claim: ClaimRecord) {
  return (await ctx.store.claims.findById(claim.id)) ?? claim;
}

/** Past `attempts` after an unsigned attempt, as no key is sent twice. */
function lastKeyNumber(claim: ClaimRecord) {
  const id = claim.engineTransactionId;
  const number = id && claimIdOfAttemptKey(id) === claim.id ? Number(id.slice(claim.id.length + 1)) : Number.NaN;
  return Number.isSafeInteger(number) ? number : claim.attempts;
}
