/** What a browser sends: a Google token from the stand-in, then Verify and Claim against the app. */
import { createGoogleAccount } from "@tube/local-world/google-emulator/create-account";
import { LOCAL_CHANNEL_ID } from "@tube/local-world/google-emulator/seed-accounts";
import { obtainAccessToken } from "@tube/local-world/google-emulator/sign-in";
import { APP_CLIENT, TOOLS_REDIRECT_URI } from "@tube/backend/test/test-world";

const ISSUE_CONCURRENCY = 20;

/**
 * A viewer as the browser knows them: a Google access token and what they typed into Verify, their channel's name as
 * the field asks; `handle` is their channel's @handle, which some type instead.
 */
export interface Viewer {
  accessToken: string;
  youtubeUsername: string;
  handle: string;
}

/**
 * Hands out fresh viewers, each a new account on the Google stand-in with a token straight from it; subscribed unless
 * told otherwise.
 */
export function createTokenPool(googleUrl: string) {
  const issue = async (options: { subscribed?: boolean }): Promise<Viewer> => {
    const account = await createGoogleAccount(googleUrl, options);
    const { accessToken } = await obtainAccessToken({
      emulatorUrl: googleUrl,
      clientId: APP_CLIENT.clientId,
      clientSecret: APP_CLIENT.clientSecret,
      redirectUri: TOOLS_REDIRECT_URI,
      account: account.email,
    });
    return { accessToken, youtubeUsername: account.channel.title, handle: account.channel.handle };
  };
  return {
    async take(count: number, options: { subscribed?: boolean } = {}): Promise<Viewer[]> {
      const viewers: Viewer[] = [];
      while (viewers.length < count) {
        const batch = Math.min(ISSUE_CONCURRENCY, count - viewers.length);
        viewers.push(...(await Promise.all(Array.from({ length: batch }, () => issue(options)))));
      }
      return viewers;
    },
  };
}

/** Verify, as the browser sends it: the wizard asks for the viewer's YouTube username. */
export async function verifySubscription(appUrl: string, viewer: Viewer): Promise<number> {
  const { status } = await post(appUrl, "/api/verify-subscription", {
    accessToken: viewer.accessToken,
    channelId: LOCAL_CHANNEL_ID,
    youtubeUsername: viewer.youtubeUsername,
  });
  return status;
}

export async function verifyAndMint(
  appUrl: string,
  walletAddress: string,
  viewer: Viewer,
): Promise<{ status: number; claimId?: string }> {
  const { status, body } = await post(appUrl, "/api/verify-and-mint", {
    walletAddress,
    oauthAccessToken: viewer.accessToken,
  });
  return { status, ...(typeof body.claimId === "string" ? { claimId: body.claimId } : {}) };
}

async function post(
  appUrl: string,
  route: string,
  body: unknown,
): Promise<{ status: number; body: { claimId?: unknown } }> {
  const response = await fetch(`${appUrl}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { claimId?: unknown } };
}
