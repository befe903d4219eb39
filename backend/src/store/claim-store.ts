import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";
import type { ClaimRepository } from "./claim-repository.ts";
import type { OperatorControlsStore } from "./operator-controls.ts";
import type { RateLimitCounters } from "./rate-limit-counters.ts";

/** Everything the server keeps, over one connection; a part that cannot get through throws `storeUnavailable`. */
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

/** The `MAX_TOTAL_CLAIMS` gate: a counter of the claims ever reserved, shared by every process on the store. */
export interface BudgetCounter {
  /** One atomic conditional increment; false, changing nothing, when `limit` slots are taken. */
  takeSlot(limit: number): Promise<boolean>;
  /** Gives back a slot taken for a reservation that did not happen. */
  releaseSlot(): Promise<void>;
  /** The slots the gate has handed out, failed claims included. */
  slotsUsed(): Promise<number>;
}

/** YouTube quota units spent per Google quota day (a Pacific date `YYYY-MM-DD`), shared by every process. */
export interface YoutubeQuotaCounter {
  /** Adds `units` to `day`'s total in one atomic step; returns the day's new total. */
  add(day: string, units: number): Promise<number>;
  /** The units spent on `day`; 0 when none were. */
  unitsOn(day: string): Promise<number>;
}

/** A locked or unreachable database is a passing outage: the visitor gets a 503 with a retry hint, not a 500. */
export function storeUnavailable(cause: unknown): AppError {
  return new AppError("STORE_UNAVAILABLE", { cause, retryAfterSeconds: RETRY_AFTER_SECONDS });
}
