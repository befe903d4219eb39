import { LRUCache } from "lru-cache";
import { AppError } from "../errors.ts";
import type { GoogleGateway, GoogleIdentity } from "../google/google-gateway.ts";
import { matchesChannel, type SubscriptionCheck } from "../google/youtube.ts";
import type { VerificationAdmission } from "./verification-admission.ts";

/** A forgotten account costs one more YouTube check at worst. */
const ACCOUNTS_REMEMBERED = 10_000;

/** Covers Verify then Claim; short enough that unsubscribing shows soon. */
const SUBSCRIPTION_CACHE_SECONDS = 300;

/** The claim flow's only YouTube caller and its quota's guard (ADR 23). */
export function createSubscriptionVerifier(options: {
  google: GoogleGateway;
  channelId: string;
  cacheSeconds?: number;
  admission: VerificationAdmission;
}) {
  const { google, channelId, admission, cacheSeconds = SUBSCRIPTION_CACHE_SECONDS } = options;
  const verified = new LRUCache<string, true>({ max: ACCOUNTS_REMEMBERED, ttl: cacheSeconds * 1000 });
  const inFlight = new Map<string, Promise<SubscriptionCheck>>();

  async function check(sub: string, accessToken: string) {
    await admission.admit(sub);
    const result = await google.checkSubscription(accessToken, channelId);
    if (result.isSubscribed) {
      await admission.recordVerified(sub);
      if (cacheSeconds > 0) verified.set(sub, true);
    }
    return result;
  }

  /** One YouTube call per account at a time. */
  function sharedCheck(sub: string, accessToken: string) {
    const pending = inFlight.get(sub);
    if (pending) return pending;
    const checking = check(sub, accessToken).finally(() => inFlight.delete(sub));
    inFlight.set(sub, checking);
    return checking;
  }

  return {
    async verify(identity: GoogleIdentity, accessToken: string, youtubeUsername?: string) {
      if (verified.has(identity.sub)) return { isSubscribed: true };
      const { isSubscribed } = await sharedCheck(identity.sub, accessToken);
      if (isSubscribed || !youtubeUsername) return { isSubscribed };
      // The username typed is not the signed-in account's: the wrong Google account.
      const channel = await google.getOwnChannel(accessToken);
      if (!channel) throw new AppError("YOUTUBE_SIGNUP_REQUIRED");
      if (!matchesChannel(youtubeUsername, channel)) {
        const name = channel.handle ? `"${channel.title}" (${channel.handle})` : `"${channel.title}"`;
        throw new AppError("USERNAME_MISMATCH", {
          detail: `The signed-in Google account's YouTube channel is ${name}, not "${youtubeUsername}". Did you pick the wrong Google account? Use 'Change Google Account' to switch.`,
        });
      }
      return { isSubscribed };
    },
  };
}

export type SubscriptionVerifier = ReturnType<typeof createSubscriptionVerifier>;
