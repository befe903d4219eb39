import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { UNFINISHED_CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";
import type { Logger } from "../observability/logger.ts";
import type { Metrics } from "../observability/metrics.ts";
import type { ChainReader, Minter } from "../minting/minter.ts";
import type { ClaimRecord, ClaimStore } from "../store/claim-store.ts";

export interface MintDriverDeps {
  store: ClaimStore;
  minter: Minter;
  chainReader: ChainReader;
  /** Attempts after which a claim is left `failed` for its owner to retry. */
  maxAttempts: number;
  /** Blocks a mint must be buried under before the claim is `confirmed`. */
  confirmations: bigint;
  /** Blocks after an attempt was written ahead with no trace of it in Engine or on chain, before it counts as dead. */
  graceBlocks: bigint;
  /** The token's deployment block: where the scan for an earlier mint to a new claim's wallet starts. */
  deployBlock: bigint;
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

/**
 * Moves a claim through reserved → queued → submitted → confirmed (or failed), exactly once (ADR 2):
 * - each attempt is written ahead to the store (compare-and-set on status and attempt) before Engine is called,
 *   with its own idempotency key, so an attempt is called at most once and a stale copy never overwrites newer progress;
 * - a new attempt starts only when the previous one is provably dead (FAILED without a hash, a reverted receipt,
 *   or no trace in Engine or on chain after `graceBlocks`), and after the chain shows no mint to the wallet;
 * - only the holder of the claim's lease drives it: one follower per claim per process, and one process at a time.
 * Status reads never call it: they read the store.
 */
export function createMintDriver(deps: MintDriverDeps) {
  const { store, minter, chainReader, metrics, logger } = deps;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const following = new Map<string, Promise<void>>();
  let stopped = false;

  /** What a new reservation records: the chain height to scan from, and this process's lease. */
  async function reservationTerms(): Promise<{ reservedAtBlock: bigint; lease: { owner: string; until: number } }> {
    return { reservedAtBlock: await chainReader.blockNumber(), lease: { owner, until: Date.now() + deps.leaseMs } };
  }

  /**
   * Starts the first attempt of a claim this process just reserved (it holds the lease), then follows it.
   * An Engine failure is thrown for the visitor's 503, but the attempt stays written: the follower settles it.
   */
  async function queue(claim: ClaimRecord): Promise<ClaimRecord> {
    try {
      return await advance(claim);
    } finally {
      void follow(claim);
    }
  }

  /** Reopens a `failed` claim for its owner, when this process can take its lease. */
  async function retry(claim: ClaimRecord): Promise<ClaimRecord> {
    const leased = await store.acquireLease(claim.id, owner, Date.now(), Date.now() + deps.leaseMs);
    if (!leased) return claim;
    try {
      if (leased.status !== "failed") return leased;
      return (
        (await settleFromChain(leased, leased.reservedAtBlock ?? deps.deployBlock)) ??
        (await startAttempt(leased, null))
      );
    } finally {
      void follow(leased);
    }
  }

  /** Brings a claim up to date with Engine and the chain; the caller holds its lease. */
  async function advance(claim: ClaimRecord): Promise<ClaimRecord> {
    // Before the first attempt, the whole token history: a wiped or replaced store must not mean a second mint.
    if (claim.status === "reserved")
      return (await settleFromChain(claim, deps.deployBlock)) ?? startAttempt(claim, null);
    if (!UNFINISHED.includes(claim.status)) return claim;

    const transaction = await minter.getTransaction(claim.engineTransactionId ?? attemptKey(claim.id, claim.attempts));
    const txHash = transaction?.txHash ?? claim.txHash;
    if (txHash) {
      // The receipt, not Engine's status, decides: Engine may give up on a transaction that is mined anyway.
      const receipt = await chainReader.receiptOf(txHash);
      if (receipt?.succeeded) return confirmWhenDeep(claim, txHash, receipt.blockNumber);
      if (receipt) return nextAttempt(claim, `attempt ${claim.attempts} reverted on chain (${txHash})`);
      // A hash without a receipt is pending (or dropped, which only the chain can show): wait.
      return markSubmitted(claim, txHash);
    }
    if (transaction && transaction.status !== "FAILED") return claim;
    // "Not found" means wait: Engine's list may lag behind the write, or the write is still on its way.
    if (!transaction && !(await graceIsOver(claim))) return claim;
    return nextAttempt(
      claim,
      transaction?.errorMessage ?? `attempt ${claim.attempts} left no trace in Engine or on chain`,
    );
  }

  async function graceIsOver(claim: ClaimRecord): Promise<boolean> {
    if (claim.attemptAtBlock === null) return true;
    return (await chainReader.blockNumber()) - claim.attemptAtBlock >= deps.graceBlocks;
  }

  /** The previous attempt is dead: the chain is asked once more, then a new attempt (with a new key) starts. */
  async function nextAttempt(claim: ClaimRecord, reason: string): Promise<ClaimRecord> {
    const settled = await settleFromChain(claim, claim.reservedAtBlock ?? deps.deployBlock);
    if (settled) return settled;
    if (claim.attempts < deps.maxAttempts) return startAttempt(claim, reason);
    metrics.claims.inc({ outcome: "failed" });
    logger.warn({ claimId: claim.id, attempts: claim.attempts, reason }, "mint failed for good");
    return (
      (await store.transition(
        claim.id,
        UNFINISHED,
        { status: "failed", lastError: reason },
        { attempts: claim.attempts },
      )) ?? reread(claim)
    );
  }

  /** Writes the attempt ahead (so a crash leaves its key on record), then queues it with Engine. */
  async function startAttempt(claim: ClaimRecord, reason: string | null): Promise<ClaimRecord> {
    const attempt = claim.attempts + 1;
    const idempotencyKey = attemptKey(claim.id, attempt);
    const written = await store.transition(
      claim.id,
      RETRYABLE,
      {
        status: "queued",
        attempts: attempt,
        // Engine Cloud's transaction id is the idempotency key itself.
        engineTransactionId: idempotencyKey,
        txHash: null,
        attemptAtBlock: await chainReader.blockNumber(),
        lastError: reason,
      },
      { attempts: claim.attempts },
    );
    if (!written) return reread(claim);
    metrics.claims.inc({ outcome: "queued" });
    const { transactionId } = await minter.queueMint({
      to: claim.walletAddress,
      amountWei: claim.amountWei,
      idempotencyKey,
    });
    logger.info({ claimId: claim.id, attempt, transactionId }, "mint queued");
    if (transactionId === idempotencyKey) return written;
    return (
      (await store.transition(claim.id, UNFINISHED, { engineTransactionId: transactionId }, { attempts: attempt })) ??
      reread(claim)
    );
  }

  /** Confirms the claim when the chain holds a mint to its wallet at or after `fromBlock`. */
  async function settleFromChain(claim: ClaimRecord, fromBlock: bigint): Promise<ClaimRecord | null> {
    const mint = await chainReader.findMintTo(claim.walletAddress, fromBlock);
    return mint ? confirmWhenDeep(claim, mint.txHash, mint.blockNumber) : null;
  }

  async function confirmWhenDeep(claim: ClaimRecord, txHash: string, minedIn: bigint): Promise<ClaimRecord> {
    const depth = (await chainReader.blockNumber()) - minedIn;
    if (depth < deps.confirmations) return markSubmitted(claim, txHash);
    const confirmed = await store.transition(claim.id, RETRYABLE, { status: "confirmed", txHash, lastError: null });
    if (!confirmed) return reread(claim);
    metrics.claims.inc({ outcome: "confirmed" });
    metrics.mintLatency.observe((Date.now() - claim.createdAt.getTime()) / 1000);
    logger.info({ claimId: claim.id, txHash }, "mint confirmed");
    return confirmed;
  }

  async function markSubmitted(claim: ClaimRecord, txHash: string): Promise<ClaimRecord> {
    if (claim.status === "submitted" && claim.txHash === txHash) return claim;
    const patch = { status: "submitted" as const, txHash };
    return (await store.transition(claim.id, RETRYABLE, patch, { attempts: claim.attempts })) ?? reread(claim);
  }

  async function reread(claim: ClaimRecord): Promise<ClaimRecord> {
    return (await store.findById(claim.id)) ?? claim;
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
              ? await store.findById(claim.id)
              : await store.acquireLease(claim.id, owner, now, now + deps.leaseMs);
          leasedUntil = current?.leaseOwner === owner ? (current.leaseUntil ?? 0) : 0;
          if (!current || stopped || !UNFINISHED.includes(current.status)) break;
          const after = await advance(current).catch((error: unknown) => {
            logger.warn({ claimId: claim.id, err: error }, "driving the mint failed; will retry");
            return current;
          });
          if (!UNFINISHED.includes(after.status)) break;
          await sleep(deps.followIntervalMs);
        }
      } finally {
        await store.releaseLease(claim.id, owner);
      }
    })()
      .catch((error: unknown) => logger.warn({ claimId: claim.id, err: error }, "following the claim stopped"))
      .finally(() => following.delete(claim.id));
    following.set(claim.id, run);
    return run;
  }

  /** Ends every follower and gives their leases up, so another process can take the claims at once. */
  async function stop(): Promise<void> {
    stopped = true;
    await Promise.all(following.values());
  }

  return { reservationTerms, queue, retry, follow, stop };
}

export type MintDriver = ReturnType<typeof createMintDriver>;
