import { AppError } from "../errors.ts";
import { quotaDay, secondsUntilPacificMidnight } from "../observability/quota-day.ts";
import type { ClaimStore } from "../store/claim-store.ts";

/** A viewer verifies once or twice; ten stop a script. */
export const VERIFY_LIMIT_PER_ACCOUNT = 10;
export const VERIFY_LIMIT_WINDOW_SECONDS = 600;
/** Two windows' worth a quota day, so one account cannot drain it. */
export const VERIFY_LIMIT_PER_ACCOUNT_PER_DAY = 20;
/** Kept for viewers who already verified: room for a few hundred claims to finish. */
export const YOUTUBE_QUOTA_RESERVE_UNITS = 500;

export interface VerificationLimits {
  limitPerWindow: number;
  windowSeconds: number;
  limitPerDay: number;
}

/** Past the reserve, only an account that verified today gets through, to finish its claim. */
export function createVerificationAdmission(
  options: Partial<VerificationLimits> & {
    store: Pick<ClaimStore, "rateLimits" | "youtubeQuota">;
    dailyQuotaUnits: number;
    now?: () => Date;
  },
) {
  const {
    store,
    limitPerWindow = VERIFY_LIMIT_PER_ACCOUNT,
    windowSeconds = VERIFY_LIMIT_WINDOW_SECONDS,
    limitPerDay = VERIFY_LIMIT_PER_ACCOUNT_PER_DAY,
  } = options;
  const now = options.now ?? (() => new Date());
  const verifiedKey = (day: string, sub: string) => `verified:${day}:${sub}`;

  return {
    async admit(sub: string) {
      const at = now();
      const day = quotaDay(at);
      const untilMidnight = secondsUntilPacificMidnight(at);
      const reserveReached =
        (await store.youtubeQuota.unitsOn(day)) >= options.dailyQuotaUnits - YOUTUBE_QUOTA_RESERVE_UNITS;
      if (reserveReached && !(await store.rateLimits.get(verifiedKey(day, sub))))
        throw new AppError("YOUTUBE_QUOTA_RESERVED", { retryAfterSeconds: untilMidnight });
      const window = await store.rateLimits.increment(`verify-window:${sub}`, windowSeconds * 1000);
      if (window.totalHits > limitPerWindow) {
        throw new AppError("ACCOUNT_RATE_LIMITED", {
          retryAfterSeconds: Math.max(1, Math.ceil((window.resetTime.getTime() - at.getTime()) / 1000)),
        });
      }
      const today = await store.rateLimits.increment(`verify-day:${day}:${sub}`, untilMidnight * 1000);
      if (today.totalHits > limitPerDay)
        throw new AppError("ACCOUNT_DAILY_LIMIT_REACHED", { retryAfterSeconds: untilMidnight });
    },

    /** Until the quota day ends, the reserve still serves this account's claim. */
    async recordVerified(sub: string) {
      const at = now();
      await store.rateLimits.increment(verifiedKey(quotaDay(at), sub), secondsUntilPacificMidnight(at) * 1000);
    },
  };
}

export type VerificationAdmission = ReturnType<typeof createVerificationAdmission>;
