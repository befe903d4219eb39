import type { Logger } from "../observability/logger.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import type { MintDriver } from "./mint-driver.ts";

/**
 * The safety net behind the mint driver's followers: at start-up and then periodically, every unfinished claim
 * (a crash, another process's claim, a follower that gave up) is offered to the driver. The claim's lease in the
 * store decides who drives it, so a fresh reservation still held by a live request, here or in another process,
 * is left alone without any grace period.
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

  async function reconcile(): Promise<void> {
    try {
      for (const claim of await store.listUnfinished()) mintDriver.follow(claim);
    } catch (error) {
      logger.warn({ err: error }, "listing unfinished claims failed; will retry");
    }
  }

  function runExclusive(): Promise<void> {
    running ??= reconcile().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    /** Offers every unfinished claim once (awaited at start-up), then keeps doing so in the background. */
    async start(): Promise<void> {
      await runExclusive();
      timer = setInterval(() => void runExclusive(), intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
      await mintDriver.stop();
    },
  };
}
