import type { BudgetCounter } from "./budget-counter.ts";
import type { ClaimRepository } from "./claim-repository.ts";
import type { OperatorControlsStore } from "./operator-controls.ts";
import type { RateLimitCounters } from "./rate-limit-counters.ts";
import type { YoutubeQuotaCounter } from "./youtube-quota-counter.ts";

/**
 * Everything the server keeps in its database, one part per concern, all over one connection. Any part answers
 * `STORE_UNAVAILABLE` (503 with a retry hint) while the database is locked or unreachable.
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
