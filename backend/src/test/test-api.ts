import type { VerifyAndMintRequest, VerifySubscriptionRequest } from "@tube/common/api";
import { LOCAL_CHANNEL_ID } from "@tube/local-world/google-emulator/seed-accounts";

/**
 * What our HTTP API answered. The body stays loosely typed on purpose: tests assert on error envelopes and on
 * success bodies alike, and a wrong shape is what they are there to catch.
 */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  retryAfter: string | null;
  body: Record<string, any>;
}

/** A signed-in viewer of one test: its own Google account, access token and wallet. */
export interface Visitor {
  email: string;
  /** Google's id of the account, which the operator's deny list names. */
  sub: string;
  /** The account's YouTube @handle, as a viewer may type it into Verify. */
  handle: string;
  /** The account's YouTube channel name, which Verify's field asks for. */
  channelName: string;
  token: string;
  wallet: string;
}

/**
 * Calls to our HTTP API at `baseUrl()` (a function: a restarted server may listen elsewhere), each on a connection of
 * its own: an in-process server shares the test's event loop, and held past its keep-alive time-out it resets the idle
 * socket fetch reuses (ECONNRESET, which a browser would resend).
 */
export function createTestApi(baseUrl: () => string) {
  async function call(method: "GET" | "POST", path: string, body?: unknown, extra: Record<string, string> = {}) {
    const headers = { connection: "close", ...extra };
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      retryAfter: response.headers.get("retry-after"),
      body: text ? (JSON.parse(text) as Record<string, any>) : {},
    } satisfies ApiAnswer;
  }

  const api = {
    get: (path: string, headers?: Record<string, string>): Promise<ApiAnswer> => call("GET", path, undefined, headers),
    post: (path: string, body: unknown, headers?: Record<string, string>): Promise<ApiAnswer> =>
      call("POST", path, body, headers),
    verifySubscription: (accessToken: string, youtubeUsername?: string) =>
      api.post("/api/verify-subscription", {
        accessToken,
        channelId: LOCAL_CHANNEL_ID,
        ...(youtubeUsername ? { youtubeUsername } : {}),
      } satisfies VerifySubscriptionRequest),
    /** The visitor's claim, to their own wallet unless another is named. */
    claim: (visitor: Pick<Visitor, "token" | "wallet">, walletAddress = visitor.wallet) =>
      api.post("/api/verify-and-mint", {
        walletAddress,
        oauthAccessToken: visitor.token,
      } satisfies VerifyAndMintRequest),
    checkClaim: (wallet: string) => api.get(`/api/check-claim/${wallet}`),
  };
  return api;
}
