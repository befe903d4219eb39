/** A client's count in its current fixed window. */
export interface RateLimitWindow {
  totalHits: number;
  resetTime: Date;
}

/**
 * The write rate limit's fixed-window counters, keyed by the full key (the limiter's prefix already in front), in
 * the store's database so several server processes share one limit per client.
 */
export interface RateLimitCounters {
  get(key: string): Promise<RateLimitWindow | undefined>;
  /** Counts a hit, opening a window of `windowMs` when the key's last one has ended. */
  increment(key: string, windowMs: number): Promise<RateLimitWindow>;
  decrement(key: string): Promise<void>;
  resetKey(key: string): Promise<void>;
  /** Called when a limiter adopts the counters, with the limiter's window. */
  adopted?(windowMs: number): void;
}
