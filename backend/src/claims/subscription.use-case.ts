import type { VerifySubscriptionRequest, VerifySubscriptionResponse } from "@tube/common/api";
import { AppError } from "../errors.ts";
import { matchesChannel } from "../google/channel-match.ts";
import type { GoogleGateway } from "../google/google-gateway.ts";

type Deps = { google: GoogleGateway; channelId: string };

/** POST /api/verify-subscription: the token is checked with Google before anything else is asked. */
export async function verifySubscriptionRequest(deps: Deps, request: VerifySubscriptionRequest): Promise<VerifySubscriptionResponse> {
  if (request.channelId !== deps.channelId) throw new AppError("WRONG_CHANNEL");
  await deps.google.validateAccessToken(request.accessToken);
  return checkSubscription(deps, request.accessToken, request.youtubeUsername);
}

/**
 * The subscription check of an already validated token, always against the configured channel. When the
 * visitor typed a YouTube username, it must name the signed-in account's own
 * channel: the usual mistake is choosing the wrong Google account.
 */
export async function checkSubscription(deps: Deps, accessToken: string, youtubeUsername?: string): Promise<VerifySubscriptionResponse> {
  if (youtubeUsername) {
    const channel = await deps.google.getOwnChannel(accessToken);
    if (!channel) throw new AppError("YOUTUBE_SIGNUP_REQUIRED");
    if (!matchesChannel(youtubeUsername, channel)) {
      const name = channel.handle ? `"${channel.title}" (${channel.handle})` : `"${channel.title}"`;
      throw new AppError("USERNAME_MISMATCH", {
        detail: `The signed-in Google account's YouTube channel is ${name}, not "${youtubeUsername}". Did you pick the wrong Google account? Use 'Change Google Account' to switch.`,
      });
    }
  }
  return { isSubscribed: await deps.google.isSubscribed(accessToken, deps.channelId) };
}
