import { setTimeout as sleep } from "node:timers/promises";
import type { Minter } from "../minting/minter.ts";
import type { Logger } from "../observability/logger.ts";
import type { Metrics } from "../observability/metrics.ts";
import { outsideAnyRequest } from "../observability/request-context.ts";

/** While Engine cannot sign, its probe's first pause, doubling up to `PROBE_MAX_MS`. */
const PROBE_FIRST_MS = 1_000;
const PROBE_MAX_MS = 30_000;

/** New claims pause while Engine cannot sign, until a probe sees it sign again. */
export function createSigningPause(deps: { minter: Minter; metrics: Metrics; logger: Logger }) {
  const { minter, metrics, logger } = deps;
  let probe: { done: Promise<void>; abort: AbortController } | undefined;
  let stopped = false;

  async function probeUntilSigned(signal: AbortSignal) {
    for (let waitMs = PROBE_FIRST_MS; ; waitMs = Math.min(waitMs * 2, PROBE_MAX_MS)) {
      const woke = await sleep(waitMs, true, { signal }).catch(() => false);
      if (!woke) return;
      const proof = await minter.proveSigning().catch((error: unknown) => ({ signed: false, reason: String(error) }));
      if (proof.signed) break;
      logger.warn({ reason: proof.reason }, "Engine still cannot sign as the server wallet: claims stay paused");
    }
    probe = undefined;
    metrics.mintingBlocked.set(0);
    logger.info("Engine signs as the server wallet again: claims resume, held claims get their next attempt");
  }

  return {
    isOn() {
      return probe !== undefined;
    },
    start() {
      if (probe || stopped) return;
      const abort = new AbortController();
      metrics.mintingBlocked.set(1);
      probe = { abort, done: outsideAnyRequest(() => probeUntilSigned(abort.signal)) };
    },
    async stop() {
      stopped = true;
      probe?.abort.abort();
      await probe?.done;
    },
  };
}

export type SigningPause = ReturnType<typeof createSigningPause>;
