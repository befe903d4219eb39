import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { UNFINISHED_CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";
import type { Logger } from "../observability/logger.ts";
import type { Metrics } from "../observability/metrics.ts";
import { RewardNotQueuedError, type ChainReader, type Minter } from "../minting/minter.ts";
import type { ClaimRecord } from "../store/claim-repository.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import { decideMint, type MintRules } from "./mint-decision.ts";

export interface MintDriverDeps {
  store: ClaimStore;
  minter: Minter;
  chainReader: ChainReader;
  /** Attempts a claim may have in all, its owner's retries included; an operator may grant one more at a time. */
  maxAttempts: number;
  /** Blocks an attempt may go without rewarding the wallet before the next one starts (the contract refuses a second). */
  graceBlocks: bigint;
  /** How long a claim's lease lasts; a crashed process's claims wait this long for another process. */
  leaseMs: number;
  /** How often a follower asks Engine and the chain about the claim it drives. */
  followIntervalMs: number;
  metrics: Metrics;
  logger: Logger;
}

const UNFINISHED: readonly ClaimStatus[] = UNFINISHED_CLAIM_STATUSES;
const RETRYABLE: readonly ClaimStatus[] = ["reserved", "queued", "submitted", "failed"];

/** Engine's idempotency key of one attempt: a new attempt gets a new key, never a reused one (ADR 2). */
export function attemptKey(claimId: string, attempt: number): string {
  return `${claimId}:${attempt}`;
}

/** Who asks for a failed claim to be tried again: its owner within `maxAttempts`, or an operator, one attempt more. */
export type RetryBy = "owner" | "operator";

/**
 * Moves a claim through reserved → queued → submitted → confirmed (or failed), at most once per wallet (ADR 2):
 * - the rewards contract rewards a wallet once and refuses a second reward, whatever this process believes;
 * - each attempt is written ahead to the store (compare-and-set on status and attempt) before Engine is called,
 *   with its own idempotency key, so a stale copy never overwrites newer progress;
 * - `decideMint` holds the rules; this module only gathers the facts and applies its decision;
 * - only the holder of the claim's lease drives it: one follower per claim per process, and one process at a time.
 * Status reads never call it: they read the store.
 */
export function createMintDriver(deps: MintDriverDeps) {
  const { store, minter, chainReader, metrics, logger } = deps;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const following = new Map<string, Promise<void>>();
  // Claims whose lease a reconciler step took and kept: given back when they settle or the driver stops.
  const stepped = new Set<string>();
  const rules: MintRules = { maxAttempts: deps.maxAttempts, graceBlocks: deps.graceBlocks };
  let stopped = false;

  /** What a new reservation records: this process's lease; no chain height, since nothing scans the chain from one. */
  function reservationTerms(): { reservedAtBlock: null; lease: { owner: string; until: number } } {
    return { reservedAtBlock: null, lease: { owner, until: Date.now() + deps.leaseMs } };
  }

  /**
   * Starts the first attempt of a claim this process just reserved (it holds the lease), then follows it.
   * An Engine failure is thrown for the visitor's 503, but the attempt stays written: the follower settles it.
   */
  async function queue(claim: ClaimRecord): Promise<ClaimRecord> {
    try {
      return await advance(claim, rules);
    } finally {
      void follow(claim);
    }
  }

  /** Tries a `failed` claim again, when this process can take its lease and `by` may. */
  async function retry(claim: ClaimRecord, by: RetryBy): Promise<ClaimRecord> {
    const leased = await store.claims.acquireLease(claim.id, owner, Date.now(), Date.now() + deps.leaseMs);
    if (!leased) return claim;
    try {
      if (leased.status !== "failed") return leased;
      return await advance(leased, by === "owner" ? rules : { ...rules, maxAttempts: leased.attempts + 1 });
    } finally {
      void follow(leased);
    }
  }

  /** True when the owner may still retry this failed claim; false once its attempts are used up. */
  function mayRetry(claim: ClaimRecord): boolean {
    return claim.attempts < deps.maxAttempts;
  }

  /** Brings a claim up to date with Engine and the chain; the caller holds its lease. */
  async function advance(claim: ClaimRecord, within: MintRules): Promise<ClaimRecord> {
    const engine =
      claim.attempts > 0
        ? await minter.getTransaction(claim.engineTransactionId ?? attemptKey(claim.id, claim.attempts))
        : null;
    const txHash = engine?.txHash ?? claim.txHash;
    const chain = await chainReader.observe(claim.walletAddress, txHash);
    const decision = decideMint(
      { status: claim.status, attempts: claim.attempts, attemptAtBlock: claim.attemptAtBlock, txHash, engine, chain },
      within,
    );
    switch (decision.kind) {
      case "wait":
        return claim;
      case "submitted":
        return markSubmitted(claim, decision.txHash);
      case "confirm":
        return confirm(claim, decision.txHash ?? (await rewardHash(claim, decision.block)));
      case "attempt":
        return startAttempt(claim, decision.reason, chain.head);
      case "fail":
        return fail(claim, decision.reason);
    }
  }

  async function fail(claim: ClaimRecord, reason: string): Promise<ClaimRecord> {
    metrics.claims.inc({ outcome: "failed" });
    logger.warn({ claimId: claim.id, attempts: claim.attempts, reason }, "mint failed for good");
    const patch = { status: "failed" as const, lastError: reason };
    return (await store.claims.transition(claim.id, UNFINISHED, patch, { attempts: claim.attempts })) ?? reread(claim);
  }

  /**
   * Writes the attempt ahead (so a crash leaves its key on record), then queues it with Engine. An outright refusal
   * (nothing queued) takes the write-ahead back, so a rate-limited Engine does not use up the claim's attempts.
   */
  async function startAttempt(claim: ClaimRecord, reason: string | null, head: bigint): Promise<ClaimRecord> {
    const attempt = claim.attempts + 1;
    const idempotencyKey = attemptKey(claim.id, attempt);
    const written = await store.claims.transition(
      claim.id,
      RETRYABLE,
      {
        status: "queued",
        attempts: attempt,
        // Engine Cloud's transaction id is the idempotency key itself.
        engineTransactionId: idempotencyKey,
        txHash: null,
        attemptAtBlock: head,
        lastError: reason,
      },
      { attempts: claim.attempts },
    );
    if (!written) return reread(claim);
    metrics.claims.inc({ outcome: "queued" });
    let transactionId: string;
    try {
      ({ transactionId } = await minter.queueReward({ to: claim.walletAddress, idempotencyKey }));
    } catch (error) {
      if (error instanceof RewardNotQueuedError) await takeBack(written, claim, error);
      throw error;
    }
    logger.info({ claimId: claim.id, attempt, transactionId }, "reward queued");
    if (transactionId === idempotencyKey) return written;
    return (
      (await store.claims.transition(
        claim.id,
        UNFINISHED,
        { engineTransactionId: transactionId },
        { attempts: attempt },
      )) ?? reread(claim)
    );
  }

  /** Restores the claim as it was before an attempt Engine refused: that attempt's key was never used. */
  async function takeBack(written: ClaimRecord, before: ClaimRecord, error: RewardNotQueuedError): Promise<void> {
    logger.warn(
      { claimId: before.id, attempt: written.attempts, err: error },
      "Engine refused the reward; not counted",
    );
    await store.claims.transition(
      before.id,
      ["queued"],
      {
        status: before.status,
        attempts: before.attempts,
        engineTransactionId: before.engineTransactionId,
        txHash: before.txHash,
        attemptAtBlock: before.attemptAtBlock,
        lastError: `Engine refused attempt ${written.attempts}: ${error.cause instanceof Error ? error.cause.message : "4xx"}`,
      },
      { attempts: written.attempts },
    );
  }

  /** The hash of the transaction that rewarded the claim's wallet in `block`; null (wait) while the node lacks the log. */
  async function rewardHash(claim: ClaimRecord, block: bigint): Promise<string | null> {
    const txHash = await chainReader.rewardTransaction(claim.walletAddress, block);
    if (!txHash)
      logger.warn({ claimId: claim.id, block: String(block) }, "the reward's log is not found yet; will retry");
    return txHash;
  }

  /** A confirmed claim always names the transaction that rewarded its wallet, so a null hash means "not yet". */
  async function confirm(claim: ClaimRecord, txHash: string | null): Promise<ClaimRecord> {
    if (!txHash) return claim;
    const confirmed = await store.claims.transition(claim.id, RETRYABLE, {
      status: "confirmed",
      txHash,
      lastError: null,
    });
    if (!confirmed) return reread(claim);
    metrics.claims.inc({ outcome: "confirmed" });
    metrics.mintLatency.observe((Date.now() - claim.createdAt.getTime()) / 1000);
    logger.info({ claimId: claim.id, txHash }, "reward confirmed");
    return confirmed;
  }

  async function markSubmitted(claim: ClaimRecord, txHash: string): Promise<ClaimRecord> {
    if (claim.status === "submitted" && claim.txHash === txHash) return claim;
    const patch = { status: "submitted" as const, txHash };
    return (await store.claims.transition(claim.id, UNFINISHED, patch, { attempts: claim.attempts })) ?? reread(claim);
  }

  async function reread(claim: ClaimRecord): Promise<ClaimRecord> {
    return (await store.claims.findById(claim.id)) ?? claim;
  }

  /**
   * Drives the claim until it settles, while this process holds its lease: one follower per claim per process.
   * Another process's live lease ends the follower at once; the reconciler offers the claim again later.
   * Resolves when this process stops following the claim (settled, lease lost, or the driver stopped).
   */
  function follow(claim: ClaimRecord): Promise<void> {
    const existing = following.get(claim.id);
    if (existing) return existing;
    if (stopped) return Promise.resolve();
    const run = (async () => {
      // A claim this process just reserved comes with its lease.
      let leasedUntil = claim.leaseOwner === owner ? (claim.leaseUntil ?? 0) : 0;
      try {
        for (;;) {
          const now = Date.now();
          // Renewing the lease is a durable commit; while over half of it is left no other process can take the
          // claim, so a plain read does (the bench found these commits a large part of what a claim costs).
          const current =
            leasedUntil - now > deps.leaseMs / 2
              ? await store.claims.findById(claim.id)
              : await store.claims.acquireLease(claim.id, owner, now, now + deps.leaseMs);
          leasedUntil = current?.leaseOwner === owner ? (current.leaseUntil ?? 0) : 0;
          if (!current || stopped || !UNFINISHED.includes(current.status)) break;
          const after = await advance(current, rules).catch((error: unknown) => {
            logger.warn({ claimId: claim.id, err: error }, "driving the mint failed; will retry");
            return current;
          });
          if (!UNFINISHED.includes(after.status)) break;
          await sleep(deps.followIntervalMs);
        }
      } finally {
        await store.claims.releaseLease(claim.id, owner);
      }
    })()
      .catch((error: unknown) => logger.warn({ claimId: claim.id, err: error }, "following the claim stopped"))
      .finally(() => following.delete(claim.id));
    following.set(claim.id, run);
    return run;
  }

  /**
   * Moves a claim nobody here follows by one step, the reconciler's unit of work: it takes (or renews) the claim's
   * lease and keeps it while the claim is unfinished, so other processes leave it alone; it never waits for the
   * claim to settle, so claims that take long cannot hold the reconciler up.
   */
  async function step(claim: ClaimRecord): Promise<void> {
    if (stopped || following.has(claim.id)) return;
    const now = Date.now();
    const leased = await store.claims.acquireLease(claim.id, owner, now, now + deps.leaseMs);
    if (!leased) return;
    stepped.add(claim.id);
    const after = UNFINISHED.includes(leased.status)
      ? await advance(leased, rules).catch((error: unknown) => {
          logger.warn({ claimId: claim.id, err: error }, "reconciling the claim failed; will retry");
          return leased;
        })
      : leased;
    if (!UNFINISHED.includes(after.status)) await giveBack(claim.id);
  }

  async function giveBack(claimId: string): Promise<void> {
    stepped.delete(claimId);
    await store.claims.releaseLease(claimId, owner);
  }

  /** Ends every follower and gives every lease up, so another process can take the claims at once. */
  async function stop(): Promise<void> {
    stopped = true;
    await Promise.all(following.values());
    await Promise.all([...stepped].map(giveBack));
  }

  return { reservationTerms, queue, retry, mayRetry, follow, step, stop };
}

export type MintDriver = ReturnType<typeof createMintDriver>;
