import type { Logger } from "../observability/logger.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import type { MintDriver } from "./mint-driver.ts";

/**
 * Finishes every claim left half-way (a crash, a timeout, a visitor who closed
 * the tab): at start-up for all of them, then periodically. A fresh reservation
 * belongs to a request still in flight, so periodic runs leave it a grace period.
 */
export function createReconciler(deps: {
  store: ClaimStore;
  mintDriver: MintDriver;
  logger: Logger;
  intervalMs: number;
  reservedGraceMs?: number;
}) {
  const { store, mintDriver, logger, intervalMs, reservedGraceMs = 30_000 } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function reconcile(options: { includeFreshReservations: boolean }): Promise<void> {
    const unfinished = await store.listUnfinished();
    const now = Date.now();
    for (const claim of unfinished) {
      const fresh = claim.status === "reserved" && now - claim.updatedAt.getTime() < reservedGraceMs;
      if (fresh && !options.includeFreshReservations) continue;
      try {
        const after = await mintDriver.advance(claim);
        if (after.status !== claim.status) logger.info({ claimId: claim.id, from: claim.status, to: after.status }, "claim reconciled");
      } catch (error) {
        logger.warn({ claimId: claim.id, err: error }, "reconciling a claim failed; will retry");
      }
    }
  }

  function runExclusive(options: { includeFreshReservations: boolean }): Promise<void> {
    running ??= reconcile(options).finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    /** Reconciles everything once (awaited at start-up), then keeps reconciling in the background. */
    async start(): Promise<void> {
      await runExclusive({ includeFreshReservations: true });
      timer = setInterval(() => void runExclusive({ includeFreshReservations: false }), intervalMs);
      timer.unref();
    },
    runOnce: () => runExclusive({ includeFreshReservations: false }),
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
