import type { BudgetCounter } from "./budget-counter.ts";
import type { ClaimRepository } from "./claim-repository.ts";
import type { OperatorControlsStore } from "./operator-controls.ts";
import type { RateLimitCounters } from "./rate-limit-counters.ts";
import type { YoutubeQuotaCounter } from "./youtube-quota-counter.ts";

/**
 * Everything the server keeps in its database, one part per concern, all over one connection. Any part that cannot
 * get through (a SQLite lock held past the busy time-out, a MongoDB server out of reach) throws `STORE_UNAVAILABLE`,
 * which the visitor gets as a 503 with a retry hint.
 */
export interface ClaimStore {
  claims: ClaimRepository;
  budget: BudgetCounter;
  youtubeQuota: YoutubeQuotaCounter;
  rateLimits: RateLimitCounters;
  operator: OperatorControlsStore;
  /** Resolves while the database answers: the readiness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
