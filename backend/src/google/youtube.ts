import { setTimeout as delay } from "node:timers/promises";
import { OAuth2Client } from "google-auth-library";
import { youtube as youtubeApi } from "@googleapis/youtube";
import { budgetSpent, keepWithinBudget, withinBudget } from "./call-budget.ts";
import { attemptGoogleCall, isTransient } from "./google-failure.ts";
import { youtubeAppError } from "./youtube-errors.ts";

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

export interface YouTubeReaderOptions {
  emulatorUrl: string | undefined;
  /** One budget per read, its retry included. */
  timeoutMs: number;
  logger?: { warn(obj: object, msg?: string): void };
  onCall?: (api: "youtube", outcome: string) => void;
  onQuotaUnits?: (units: number) => void | Promise<void>;
}

/** The YouTube reads of the claim flow, each made with the visitor's own access token. */
export function createYouTubeReader(options: YouTubeReaderOptions) {
  // Retry off: call() retries once itself, and gaxios's own retries would multiply the quota spent.
  const youtube = youtubeApi({
    version: "v3",
    ...(options.emulatorUrl ? { rootUrl: `${options.emulatorUrl}/` } : {}),
    retry: false,
  });

  /** One read within one time budget, its retry included. */
  const call = <T>(name: string, request: () => Promise<T>): Promise<T> =>
    withinBudget(options.timeoutMs, { retries: false }, () => attempts(name, request));

  async function attempts<T>(name: string, request: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      // Counted while the request runs and settled before the answer is read, so the quota spent includes it.
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
    /** One call, 1 unit: the signed-in viewer's subscription to the channel, if any. */
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

/** A client holding nothing but this one access token: no refresh token, so a 401 is never "refreshed" away. */
function bearer(accessToken: string): OAuth2Client {
  const client = new OAuth2Client();
  keepWithinBudget(client);
  client.setCredentials({ access_token: accessToken });
  return client;
}
