import type { RateLimiterRes, RateLimiterStoreAbstract } from "rate-limiter-flexible";

/** A client's count in its current fixed window. */
export interface RateLimitWindow {
  totalHits: number;
  resetTime: Date;
}

/** Fixed-window counters in the store's database, so every server process shares one limit per client. */
export interface RateLimitCounters {
  get(key: string): Promise<RateLimitWindow | undefined>;
  /** Counts a hit, opening a window of `windowMs` when the key's last one has ended. */
  increment(key: string, windowMs: number): Promise<RateLimitWindow>;
  decrement(key: string): Promise<void>;
  resetKey(key: string): Promise<void>;
}

/** The counters over a rate-limiter-flexible store, which counts each hit atomically in the shared database. */
export function limiterCounters(
  limiter: RateLimiterStoreAbstract,
  guard: <T>(operation: () => Promise<T>) => Promise<T> = (operation) => operation(),
): RateLimitCounters {
  const toWindow = (res: RateLimiterRes): RateLimitWindow => ({
    totalHits: res.consumedPoints,
    resetTime: new Date(Date.now() + res.msBeforeNext),
  });
  return {
    get: (key) =>
      guard(async () => {
        const res = await limiter.get(key);
        return res ? toWindow(res) : undefined;
      }),
    increment: (key, windowMs) =>
      guard(async () => toWindow(await limiter.penalty(key, 1, { customDuration: windowMs / 1000 }))),
    // Only ever after a hit in the same window, so the count never goes below zero.
    decrement: (key) =>
      guard(async () => {
        await limiter.reward(key, 1);
      }),
    resetKey: (key) =>
      guard(async () => {
        await limiter.delete(key);
      }),
  };
}
