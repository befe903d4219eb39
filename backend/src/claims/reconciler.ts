import type { Logger } from "../observability/logger.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import type { MintDriver } from "./mint-driver.ts";

/**
 * Claims a pass steps together, in one lease write, one Engine read, one JSON-RPC batch and one store transaction;
 * batches go one after another, so 10^4 unfinished claims never call Engine and the chain all at once (ADR 14, 20).
 * A batch of 200 is 200 to 400 calls in one JSON-RPC request, within the batch limits RPC providers set.
 */
export const RECONCILE_BATCH = 200;

/**
 * The safety net behind the mint driver's follow loop: at start-up and then periodically, every unfinished claim
 * (a crash, another process's claim, a claim the follow loop gave up) is moved one step by the driver,
 * `RECONCILE_BATCH` claims at a time. A step never waits for its claims to settle, so a pass always reaches every
 * claim: claims that cannot settle yet never hold the pass up. The claim's lease in the store decides who drives it, so a
 * fresh reservation still held by a live request, here or in another process, is left alone.
 */
export function createReconciler(deps: {
  store: ClaimStore;
  mintDriver: MintDriver;
  logger: Logger;
  intervalMs: number;
}) {
  const { store, mintDriver, logger, intervalMs } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopping = false;

  async function reconcile(): Promise<void> {
    let unfinished;
    try {
      unfinished = await store.claims.listUnfinished();
    } catch (error) {
      logger.warn({ err: error }, "listing unfinished claims failed; will retry");
      return;
    }
    for (let start = 0; start < unfinished.length && !stopping; start += RECONCILE_BATCH) {
      const batch = unfinished.slice(start, start + RECONCILE_BATCH);
      await mintDriver.step(batch).catch((error: unknown) => {
        logger.warn(
          { claimIds: batch.map((claim) => claim.id), err: error },
          "stepping unfinished claims failed; will retry",
        );
      });
    }
  }

  function runExclusive(): Promise<void> {
    running ??= reconcile().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    /**
     * Starts a pass at once and then one every `intervalMs` while none is running. Not awaited: a pass lasts until
     * its claims settle, and readiness must not wait for the chain.
     */
    start(): void {
      void runExclusive();
      timer = setInterval(() => void runExclusive(), intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      stopping = true;
      // The driver ends its follow loop first, so the pass stops at its next batch.
      await mintDriver.stop();
      await running;
    },
  };
}
