import type { Logger } from "../observability/logger.ts";
import type { Metrics } from "../observability/metrics.ts";
import type { ChainReader, Minter } from "../minting/minter.ts";
import type { ClaimRecord, ClaimStore } from "../store/claim-store.ts";

/**
 * Moves a claim through reserved → queued → submitted → confirmed/failed.
 * Every step is a compare-and-set on the store, and every mint reuses the claim id
 * as Engine's idempotency key, so a step repeated by an owner's retry and the
 * reconciler at once still mints at most once. Before any re-queue the chain is
 * asked whether the wallet already received its mint. Only writes call it
 * (verify-and-mint and the reconciler): status reads never do.
 */
export function createMintDriver(deps: {
  store: ClaimStore;
  minter: Minter;
  chainReader: ChainReader;
  maxAttempts: number;
  metrics: Metrics;
  logger: Logger;
}) {
  const { store, minter, chainReader, maxAttempts, metrics, logger } = deps;

  /** Queues the mint of a `reserved` claim. An Engine failure leaves the claim `failed`, retryable by its owner. */
  async function queue(claim: ClaimRecord): Promise<ClaimRecord> {
    try {
      const { transactionId } = await minter.queueMint({
        to: claim.walletAddress,
        amountWei: claim.amountWei,
        idempotencyKey: claim.id,
      });
      const queued = await store.transition(claim.id, ["reserved"], {
        status: "queued",
        engineTransactionId: transactionId,
        attempts: claim.attempts + 1,
        lastError: null,
      });
      logger.info({ claimId: claim.id, transactionId }, "mint queued");
      return queued ?? (await reread(claim));
    } catch (error) {
      // Engine may have queued it even so (a lost response), and by the time the call gave up the mint has
      // usually landed: the chain settles it now, since reads never do. Otherwise the owner's retry checks again.
      const landed = await settleFromChain(claim).catch(() => null);
      if (!landed) await store.transition(claim.id, ["reserved"], { status: "failed", lastError: describe(error) });
      logger.warn({ claimId: claim.id, err: error, landed: Boolean(landed) }, "queueing the mint failed");
      throw error;
    }
  }

  /** Brings a claim up to date with Engine and the chain; returns it unchanged when nothing moved. */
  async function advance(claim: ClaimRecord): Promise<ClaimRecord> {
    if (claim.status === "reserved") return (await settleFromChain(claim)) ?? queue(claim);
    if (claim.status !== "queued" && claim.status !== "submitted") return claim;

    const transaction = claim.engineTransactionId ? await minter.getTransaction(claim.engineTransactionId) : null;
    switch (transaction?.status) {
      case "QUEUED":
        return claim;
      case "SUBMITTED":
        return claim.status === "submitted" && claim.txHash === transaction.txHash
          ? claim
          : ((await store.transition(claim.id, ["queued", "submitted"], { status: "submitted", txHash: transaction.txHash })) ??
              reread(claim));
      case "CONFIRMED":
        return confirm(claim, transaction.txHash);
      default:
        // FAILED, or Engine no longer knows the transaction.
        return (await settleFromChain(claim)) ?? requeueOrFail(claim, transaction?.errorMessage ?? "transaction not found in Engine");
    }
  }

  /** Marks the claim confirmed when the chain already holds a mint to its wallet. */
  async function settleFromChain(claim: ClaimRecord): Promise<ClaimRecord | null> {
    const txHash = await chainReader.findMintTo(claim.walletAddress);
    return txHash ? confirm(claim, txHash) : null;
  }

  async function confirm(claim: ClaimRecord, txHash: string | null): Promise<ClaimRecord> {
    const confirmed = await store.transition(claim.id, ["reserved", "queued", "submitted", "failed"], {
      status: "confirmed",
      txHash,
      lastError: null,
    });
    if (!confirmed) return reread(claim);
    metrics.claims.inc({ outcome: "confirmed" });
    metrics.mintLatency.observe((Date.now() - claim.createdAt.getTime()) / 1000);
    logger.info({ claimId: claim.id, txHash }, "mint confirmed");
    return confirmed;
  }

  async function requeueOrFail(claim: ClaimRecord, reason: string): Promise<ClaimRecord> {
    if (claim.attempts >= maxAttempts) {
      metrics.claims.inc({ outcome: "failed" });
      logger.warn({ claimId: claim.id, attempts: claim.attempts, reason }, "mint failed for good");
      return (await store.transition(claim.id, ["queued", "submitted"], { status: "failed", lastError: reason })) ?? reread(claim);
    }
    const reserved = await store.transition(claim.id, ["queued", "submitted"], { status: "reserved", txHash: null, lastError: reason });
    return reserved ? queue(reserved) : reread(claim);
  }

  /** Reopens a `failed` claim for its owner: the chain is asked first, then the mint is queued again. */
  async function retry(claim: ClaimRecord): Promise<ClaimRecord> {
    const settled = await settleFromChain(claim);
    if (settled) return settled;
    const reserved = await store.transition(claim.id, ["failed"], { status: "reserved", attempts: 0, lastError: null });
    return reserved ? queue(reserved) : reread(claim);
  }

  async function reread(claim: ClaimRecord): Promise<ClaimRecord> {
    return (await store.findById(claim.id)) ?? claim;
  }

  return { queue, advance, retry };
}

export type MintDriver = ReturnType<typeof createMintDriver>;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
