import type { ErrorCode } from "@tube/common/errors";
import { AppError } from "../errors.ts";
import { UNAVAILABLE_RETRY_AFTER_SECONDS, type GoogleFailure } from "./google-failure.ts";

/** YouTube's `errors[0].reason` values, and what each means for a claim. */
const CODE_BY_REASON: Record<string, ErrorCode> = {
  authError: "GOOGLE_TOKEN_INVALID",
  expired: "GOOGLE_TOKEN_INVALID",
  youtubeSignupRequired: "YOUTUBE_SIGNUP_REQUIRED",
  insufficientPermissions: "YOUTUBE_INSUFFICIENT_PERMISSIONS",
  accountClosed: "YOUTUBE_ACCOUNT_SUSPENDED",
  accountSuspended: "YOUTUBE_ACCOUNT_SUSPENDED",
  authenticatedUserAccountClosed: "YOUTUBE_ACCOUNT_SUSPENDED",
  authenticatedUserAccountSuspended: "YOUTUBE_ACCOUNT_SUSPENDED",
  subscriptionForbidden: "YOUTUBE_SUBSCRIPTION_FORBIDDEN",
  subscriberNotFound: "YOUTUBE_SUBSCRIBER_NOT_FOUND",
  quotaExceeded: "YOUTUBE_QUOTA_EXCEEDED",
  rateLimitExceeded: "YOUTUBE_QUOTA_EXCEEDED",
  userRateLimitExceeded: "YOUTUBE_QUOTA_EXCEEDED",
};

/** The catalogue error for a YouTube failure: by reason first, then by HTTP status. */
export function youtubeAppError(failure: GoogleFailure, now: Date = new Date()): AppError {
  const { reason, status, cause } = failure;
  const code: ErrorCode =
    (reason ? CODE_BY_REASON[reason] : undefined) ??
    (status === 401 ? "GOOGLE_TOKEN_INVALID" : status === 429 ? "YOUTUBE_QUOTA_EXCEEDED" : "YOUTUBE_UNAVAILABLE");
  if (code === "YOUTUBE_UNAVAILABLE")
    return new AppError(code, { cause, retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
  if (code !== "YOUTUBE_QUOTA_EXCEEDED") return new AppError(code, { cause });
  // The daily quota comes back at midnight Pacific time; the per-minute limits within a minute.
  const retryAfterSeconds = reason === "quotaExceeded" ? secondsUntilPacificMidnight(now) : 60;
  return new AppError(code, { cause, retryAfterSeconds });
}

/** Made once: building a formatter costs far more than using one, and every admitted YouTube check asks for it. */
const PACIFIC_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Los_Angeles",
  hourCycle: "h23",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/**
 * Seconds from `now` to the next midnight in America/Los_Angeles. On the two days a year the clocks
 * change, the answer can be an hour off, which is fine for a Retry-After.
 */
export function secondsUntilPacificMidnight(now: Date): number {
  const parts = PACIFIC_TIME.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return 86_400 - (part("hour") * 3600 + part("minute") * 60 + part("second"));
}
