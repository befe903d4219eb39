import type { Store } from "express-rate-limit";
import type { RateLimitCounters } from "../../store/rate-limit-counters.ts";

/**
 * The express-rate-limit Store over the claim store's counters: one per limiter (express-rate-limit refuses a store
 * shared by two limiters), with the limiter's prefix put in front of each key so the limiters' counts stay apart.
 */
export function fixedWindowStore(prefix: string, counters: RateLimitCounters): Store {
  let windowMs = 60_000;
  return {
    prefix,
    // The counts live in a database other processes share: express-rate-limit must not assume they are ours alone.
    localKeys: false,
    init(limiterOptions) {
      windowMs = limiterOptions.windowMs;
      counters.adopted?.(windowMs);
    },
    get: (key) => counters.get(prefix + key),
    increment: (key) => counters.increment(prefix + key, windowMs),
    decrement: (key) => counters.decrement(prefix + key),
    resetKey: (key) => counters.resetKey(prefix + key),
  };
}
