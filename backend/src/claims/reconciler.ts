import type { Logger } from "../observability/logger.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import type { MintDriver } from "./mint-driver.ts";

/**
 * Claims a pass steps at once. Unbounded, 10^4 unfinished claims meant 10^4 steps calling Engine and the chain
 * together, which timed their calls out; bounded, the pass drains them at the upstreams' pace (ADR 14).
 */
export const RECONCILE_CONCURRENCY = 16;

/**
 * The safety net behind the mint driver's followers: at start-up and then periodically, every unfinished claim
 * (a crash, another process's claim, a follower that gave up) is moved one step by the driver, at most
 * `concurrency` at once. A step never waits for its claim to settle, so a pass always reaches every claim: claims
 * that cannot settle yet never hold a slot for good. The claim's lease in the store decides who drives it, so a
 * fresh reservation still held by a live request, here or in another process, is left alone.
 */
export function createReconciler(deps: {
  store: ClaimStore;
  mintDriver: MintDriver;
  logger: Logger;
  intervalMs: number;
  concurrency?: number;
}) {
  const { store, mintDriver, logger, intervalMs, concurrency = RECONCILE_CONCURRENCY } = deps;
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
    const queue = unfinished.values();
    const worker = async () => {
      for (const claim of queue) {
        if (stopping) return;
        await mintDriver.step(claim);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, unfinished.length) }, worker));
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
      // The driver ends its followers and steps first, so the pass's workers stop waiting on them.
      await mintDriver.stop();
      await running;
    },
  };
}
