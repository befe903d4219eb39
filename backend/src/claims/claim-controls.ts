import { AppError } from "../errors.ts";
import type { ClaimStore } from "../store/claim-store.ts";

/** How long a process trusts its last read of the pause switch: a pause reaches every process within this. */
export const PAUSE_CACHE_MS = 2_000;
/** The retry hint of a paused claim: a pause is the operator's, so it is a guess, long enough not to hammer us. */
export const PAUSED_RETRY_AFTER_SECONDS = 300;

export interface ClaimControls {
  /** The pause switch as this process last read it, at most `PAUSE_CACHE_MS` old. */
  paused(): Promise<boolean>;
  /** Throws `CLAIMS_PAUSED` while claims are paused: checked before anything else a new claim costs. */
  assertOpen(): Promise<void>;
  /**
   * Throws `WALLET_DENIED` or `GOOGLE_ACCOUNT_DENIED` when the wallet or the Google account is on the deny list. The
   * list is read every time: one lookup by key, made only for a visitor Google already vouched for.
   */
  assertNotDenied(who: { walletAddress: string | null; googleSub: string }): Promise<void>;
}

/**
 * The operator's controls as the server applies them. The pause switch is read from the store at most once per
 * `cacheMs` per process, however many requests arrive, and concurrent requests share the read in flight.
 */
export function createClaimControls(store: ClaimStore, cacheMs = PAUSE_CACHE_MS): ClaimControls {
  let last: { paused: Promise<boolean>; readAt: number } | null = null;

  function paused(now = Date.now()): Promise<boolean> {
    if (!last || now - last.readAt >= cacheMs) {
      const read = store.operator.controls().then((controls) => controls.paused);
      const current = { paused: read, readAt: now };
      last = current;
      // A failed read is not kept: the next request asks the store again.
      read.catch(() => {
        if (last === current) last = null;
      });
    }
    return last.paused;
  }

  async function assertOpen(): Promise<void> {
    if (await paused()) throw new AppError("CLAIMS_PAUSED", { retryAfterSeconds: PAUSED_RETRY_AFTER_SECONDS });
  }

  return {
    paused: () => paused(),
    assertOpen,
    async assertNotDenied({ walletAddress, googleSub }) {
      const denied = await store.operator.isDenied(walletAddress, googleSub);
      if (denied === "wallet") throw new AppError("WALLET_DENIED");
      if (denied === "googleAccount") throw new AppError("GOOGLE_ACCOUNT_DENIED");
    },
  };
}
