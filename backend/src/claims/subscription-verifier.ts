import { LRUCache } from "lru-cache";
import type { VerifySubscriptionResponse } from "@tube/common/api";
import { AppError } from "../errors.ts";
import { matchesChannel } from "../google/channel-match.ts";
import type { GoogleGateway } from "../google/google-gateway.ts";
import type { GoogleIdentity } from "../google/google-oauth.ts";

/**
 * Accounts remembered at once, per cache: bounds memory whatever the traffic. Past it the least recently used account
 * is forgotten, which costs it one more YouTube check at worst.
 */
const ACCOUNTS_REMEMBERED = 10_000;

export interface SubscriptionVerifierOptions {
  google: GoogleGateway;
  channelId: string;
  /** How long a verified subscription is remembered per Google account; 0 remembers nothing. */
  cacheSeconds: number;
  /** YouTube checks one Google account may cause per window. */
  limitPerAccount: number;
  windowSeconds: number;
}

/**
 * The only caller of YouTube in the claim flow, and its quota's guard (ADR 8). Per Google account (`sub`):
 * a verified subscription is remembered for `cacheSeconds`, so Claim after Verify spends nothing;
 * concurrent checks share one call; and at most `limitPerAccount` checks that reach YouTube are allowed per
 * window, whatever IPs they come from. Kept in this process's memory: see ADR 8 for several processes.
 */
export function createSubscriptionVerifier(options: SubscriptionVerifierOptions) {
  const { google, channelId } = options;
  const verified = new LRUCache<string, true>({ max: ACCOUNTS_REMEMBERED, ttl: options.cacheSeconds * 1000 });
  // A window's count is raised in place, so the window keeps the expiry it opened with.
  const checksByAccount = new LRUCache<string, { count: number }>({
    max: ACCOUNTS_REMEMBERED,
    ttl: options.windowSeconds * 1000,
  });
  const inFlight = new Map<string, Promise<boolean>>();

  /** Counts one YouTube check for the account; refuses it past the limit with the time its window ends. */
  function admit(sub: string): void {
    const window = checksByAccount.get(sub);
    if (!window) {
      checksByAccount.set(sub, { count: 1 });
      return;
    }
    if (window.count >= options.limitPerAccount) {
      throw new AppError("ACCOUNT_RATE_LIMITED", {
        retryAfterSeconds: Math.max(1, Math.ceil(checksByAccount.getRemainingTTL(sub) / 1000)),
      });
    }
    window.count += 1;
  }

  async function checkSubscribed(sub: string, accessToken: string): Promise<boolean> {
    const isSubscribed = await google.isSubscribed(accessToken, channelId);
    if (isSubscribed && options.cacheSeconds > 0) verified.set(sub, true);
    return isSubscribed;
  }

  /** One YouTube call per account at a time: 200 simultaneous claims of one viewer cost 1 unit, not 200. */
  function sharedCheck(sub: string, accessToken: string): Promise<boolean> {
    const pending = inFlight.get(sub);
    if (pending) return pending;
    admit(sub);
    const check = checkSubscribed(sub, accessToken).finally(() => inFlight.delete(sub));
    inFlight.set(sub, check);
    return check;
  }

  /**
   * When the visitor typed a YouTube username, it must name the signed-in account's own channel: the usual
   * mistake is choosing the wrong Google account.
   */
  async function checkUsername(accessToken: string, youtubeUsername: string): Promise<void> {
    const channel = await google.getOwnChannel(accessToken);
    if (!channel) throw new AppError("YOUTUBE_SIGNUP_REQUIRED");
    if (!matchesChannel(youtubeUsername, channel)) {
      const name = channel.handle ? `"${channel.title}" (${channel.handle})` : `"${channel.title}"`;
      throw new AppError("USERNAME_MISMATCH", {
        detail: `The signed-in Google account's YouTube channel is ${name}, not "${youtubeUsername}". Did you pick the wrong Google account? Use 'Change Google Account' to switch.`,
      });
    }
  }

  return {
    /** Is the account (already validated with Google) subscribed to the configured channel? */
    async verify(
      identity: GoogleIdentity,
      accessToken: string,
      youtubeUsername?: string,
    ): Promise<VerifySubscriptionResponse> {
      const remembered = verified.get(identity.sub) !== undefined;
      if (youtubeUsername) {
        admit(identity.sub);
        await checkUsername(accessToken, youtubeUsername);
      }
      if (remembered) return { isSubscribed: true };
      return { isSubscribed: await sharedCheck(identity.sub, accessToken) };
    },
  };
}

export type SubscriptionVerifier = ReturnType<typeof createSubscriptionVerifier>;
