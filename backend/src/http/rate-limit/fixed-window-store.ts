import type { ClientRateLimitInfo, Store } from "express-rate-limit";

type MaybePromise<T> = T | Promise<T>;

/** One database's fixed-window counters, keyed by the full key (the limiter's prefix already in front). */
export interface FixedWindowCounters {
  get(key: string): MaybePromise<ClientRateLimitInfo | undefined>;
  /** Counts a hit, opening a window of `windowMs` when the key's last one has ended. */
  increment(key: string, windowMs: number): MaybePromise<ClientRateLimitInfo>;
  decrement(key: string): MaybePromise<void>;
  resetKey(key: string): MaybePromise<void>;
  /** Called when a limiter adopts the store, with the limiter's window. */
  adopted?(windowMs: number): void;
}

/**
 * The express-rate-limit Store every adapter hands out: one per limiter (express-rate-limit refuses a store shared
 * by two limiters), with the limiter's prefix put in front of each key so the limiters' counts stay apart.
 */
export function fixedWindowStore(prefix: string, counters: FixedWindowCounters): Store {
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
