import type { RateLimiterRes, RateLimiterStoreAbstract } from "rate-limiter-flexible";
import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";
import type { ClaimRepository } from "./claim-repository.ts";

/** Everything the server keeps, shared by its processes; a part that cannot get through throws `storeUnavailable`. */
export interface ClaimStore {
  claims: ClaimRepository;
  budget: BudgetCounter;
  youtubeQuota: YoutubeQuotaCounter;
  rateLimits: RateLimitCounters;
  operator: OperatorControlsStore & OperatorActionCounts;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The `MAX_TOTAL_CLAIMS` gate: the claims ever reserved, failed ones included. */
export interface BudgetCounter {
  /** Atomic; false, changing nothing, when `limit` slots are taken. */
  takeSlot(limit: number): Promise<boolean>;
  /** Gives back a slot taken for a reservation that did not happen. */
  releaseSlot(): Promise<void>;
  slotsUsed(): Promise<number>;
}

/** YouTube quota units spent per Pacific day (`YYYY-MM-DD`). */
export interface YoutubeQuotaCounter {
  /** Atomic; returns the day's new total. */
  add(day: string, units: number): Promise<number>;
  unitsOn(day: string): Promise<number>;
}

/** A locked or unreachable database is a passing outage: a 503 with a retry hint, not a 500. */
export function storeUnavailable(cause: unknown): AppError {
  return new AppError("STORE_UNAVAILABLE", { cause, retryAfterSeconds: RETRY_AFTER_SECONDS });
}

export type DenyKind = "wallet" | "googleAccount";

/** A wallet lower-case like the claims' own; a Google `sub` as given. */
export function canonicalDenyValue(kind: DenyKind, value: string) {
  return kind === "wallet" ? value.toLowerCase() : value;
}

export interface OperatorControls {
  paused: boolean;
  pausedBy: string | null;
  pausedAt: Date | null;
}

/** What `npm run claims` counts, for every server's /metrics. */
const OPERATOR_ACTIONS = ["pause", "resume", "deny", "allow", "resolve", "erase-expired", "erase"] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export interface OperatorControlsStore {
  setPaused(paused: boolean, by: string): Promise<OperatorControls>;
  controls(): Promise<OperatorControls>;
  /** Denying twice changes nothing. */
  deny(kind: DenyKind, value: string, by: string): Promise<void>;
  /** False when it was not denied. */
  allow(kind: DenyKind, value: string): Promise<boolean>;
  /** The wallet first when both are denied. */
  isDenied(walletAddress: string | null, googleSub: string | null): Promise<DenyKind | null>;
}

interface OperatorActionCounts {
  countAction(action: OperatorAction): Promise<void>;
  actionCounts(): Promise<Partial<Record<OperatorAction, number>>>;
}

type RateLimitWindow = { totalHits: number; resetTime: Date };

export interface RateLimitCounters {
  get(key: string): Promise<RateLimitWindow | undefined>;
  /** Opens a window of `windowMs` when the key's last one has ended. */
  increment(key: string, windowMs: number): Promise<RateLimitWindow>;
  decrement(key: string): Promise<void>;
  resetKey(key: string): Promise<void>;
}

/** A quota day's key outlives the day, the only time it is added to. */
const QUOTA_DAY_KEPT_SECONDS = 2 * 86_400;

/** Over a rate-limiter-flexible store, which counts each hit atomically; quota days and actions are keys too. */
export function limiterCounters(
  limiter: RateLimiterStoreAbstract,
  guard: <T>(operation: () => Promise<T>) => Promise<T> = (operation) => operation(),
): { rateLimits: RateLimitCounters; youtubeQuota: YoutubeQuotaCounter; operatorActions: OperatorActionCounts } {
  const toWindow = (res: RateLimiterRes) => ({
    totalHits: res.consumedPoints,
    resetTime: new Date(Date.now() + res.msBeforeNext),
  });
  // A duration of 0 never expires.
  const add = (key: string, points: number, seconds: number) =>
    limiter.penalty(key, points, { customDuration: seconds });
  const total = async (key: string) => (await limiter.get(key))?.consumedPoints ?? 0;
  const actionKey = (action: OperatorAction) => `operator-action:${action}`;
  return {
    rateLimits: {
      get: (key) =>
        guard(async () => {
          const res = await limiter.get(key);
          return res ? toWindow(res) : undefined;
        }),
      increment: (key, windowMs) => guard(async () => toWindow(await add(key, 1, windowMs / 1000))),
      // Only ever after a hit in the same window, so the count never goes below zero.
      decrement: (key) => guard(async () => void (await limiter.reward(key, 1))),
      resetKey: (key) => guard(async () => void (await limiter.delete(key))),
    },
    youtubeQuota: {
      add: (day, units) =>
        guard(async () => (await add(`youtube-quota:${day}`, units, QUOTA_DAY_KEPT_SECONDS)).consumedPoints),
      unitsOn: (day) => guard(() => total(`youtube-quota:${day}`)),
    },
    operatorActions: {
      countAction: (action) => guard(async () => void (await add(actionKey(action), 1, 0))),
      actionCounts: () =>
        guard(async () => {
          const counts = await Promise.all(OPERATOR_ACTIONS.map((action) => total(actionKey(action))));
          return Object.fromEntries(OPERATOR_ACTIONS.map((action, i) => [action, counts[i]]).filter(([, n]) => n));
        }),
    },
  };
}
