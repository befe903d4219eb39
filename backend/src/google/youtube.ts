import { setTimeout as delay } from "node:timers/promises";
import { OAuth2Client } from "google-auth-library";
import { youtube as youtubeApi } from "@googleapis/youtube";
import type { GoogleOptions } from "./google-gateway.ts";
import type { ErrorCode } from "@tube/common/errors";
import { AppError } from "../errors.ts";
import { secondsUntilPacificMidnight } from "../observability/quota-day.ts";
import {
  attemptGoogleCall,
  budgetSpent,
  isTransient,
  keepWithinBudget,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  withinBudget,
  type GoogleFailure,
} from "./google-call.ts";

const RETRY_DELAY_MS = 250;
/** Both reads cost 1 unit, and every request counts, failed or not. */
const QUOTA_UNITS_PER_CALL = 1;

export interface YouTubeChannel {
  id: string;
  title: string;
  /** The `@handle` (YouTube's `customUrl`), when the channel has one. */
  handle: string | null;
}

export interface SubscriptionCheck {
  isSubscribed: boolean;
}

export function createYouTubeReader(options: GoogleOptions) {
  // Retry off: call() retries once itself, and gaxios's own retries would multiply the quota spent.
  const youtube = youtubeApi({
    version: "v3",
    ...(options.emulatorUrl ? { rootUrl: `${options.emulatorUrl}/` } : {}),
    retry: false,
  });

  const call = <T>(name: string, request: () => Promise<T>) =>
    withinBudget(options.timeoutMs, { retries: false }, () => attempts(name, request));

  async function attempts<T>(name: string, request: () => Promise<T>) {
    for (let attempt = 1; ; attempt += 1) {
      const counted = options.onQuotaUnits?.(QUOTA_UNITS_PER_CALL);
      const outcome = await attemptGoogleCall(`YouTube ${name}`, request).finally(() => counted);
      if (outcome.ok) {
        options.onCall?.("youtube", "ok");
        return outcome.value;
      }
      const { failure } = outcome;
      const appError = youtubeAppError(failure);
      options.onCall?.("youtube", appError.code);
      if (!isTransient(failure) || attempt > 1) throw appError;
      options.logger?.warn(
        { api: "youtube", call: name, status: failure.status, reason: failure.reason },
        "YouTube call failed; retrying once",
      );
      await delay(RETRY_DELAY_MS);
      if (budgetSpent()) throw appError;
    }
  }

  return {
    async checkSubscription(accessToken: string, channelId: string): Promise<SubscriptionCheck> {
      const { data } = await call("subscriptions.list", () =>
        youtube.subscriptions.list({
          part: ["snippet"],
          mine: true,
          forChannelId: channelId,
          auth: bearer(accessToken),
        }),
      );
      return { isSubscribed: (data.items ?? []).some((item) => item.snippet?.resourceId?.channelId === channelId) };
    },

    async getOwnChannel(accessToken: string): Promise<YouTubeChannel | null> {
      const { data } = await call("channels.list", () =>
        youtube.channels.list({ part: ["snippet"], mine: true, auth: bearer(accessToken) }),
      );
      const channel = data.items?.[0];
      if (!channel?.id) return null;
      return { id: channel.id, title: channel.snippet?.title ?? "", handle: channel.snippet?.customUrl ?? null };
    },
  };
}

/** No refresh token, so a 401 is never "refreshed" away. */
function bearer(accessToken: string): OAuth2Client {
  const client = new OAuth2Client();
  keepWithinBudget(client);
  client.setCredentials({ access_token: accessToken });
  return client;
}

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

/** The channel's @handle or title, in any case, "@" and spaces aside. */
export function matchesChannel(username: string, channel: YouTubeChannel) {
  const typed = comparable(username);
  if (!typed) return false;
  return [channel.handle, channel.title].some((name) => name !== null && comparable(name) === typed);
}

function comparable(name: string) {
  return name.normalize("NFKC").trim().replace(/^@/, "").trim().toLowerCase();
}
