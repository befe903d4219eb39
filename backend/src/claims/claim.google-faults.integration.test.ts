import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CATALOGUE, type ErrorCode } from "@tube/common/errors";
import { randomWallet } from "@tube/local-world/mint-log";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/**
 * Google failing the way it does (https://developers.google.com/youtube/v3/docs/errors): every claim made
 * during the fault gets a 503 with a retry hint, and none leaves a claim behind.
 */
const CONCURRENT = 20;
let world: TestWorld;
let tokens: string[];

beforeAll(async () => {
  // A short time-out keeps the hanging-Google case quick; the stand-in never answers it anyway.
  world = await startTestWorld({ subscribers: CONCURRENT, env: { GOOGLE_TIMEOUT_MS: "1000" } });
  tokens = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => world.signIn(`viewer${i + 1}@example.com`)));
});
afterAll(async () => {
  await world?.stop();
});

type Target = "youtube" | "tokeninfo";

async function setFault(target: Target, fault: { status?: number; reason?: string; count: number; hang?: boolean }) {
  await fetch(`${world.googleUrl}/__emulator/${target}-fault`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(fault),
  });
}

async function claim(oauthAccessToken: string, walletAddress: string) {
  const response = await fetch(`${world.url}/api/verify-and-mint`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ walletAddress, oauthAccessToken }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: (await response.json()) as Record<string, any>,
  };
}

const faults: Array<[string, Target, { status?: number; reason?: string; hang?: boolean }, ErrorCode]> = [
  ["YouTube answers 503 backendError", "youtube", { status: 503, reason: "backendError" }, "YOUTUBE_UNAVAILABLE"],
  ["YouTube answers 500 backendError", "youtube", { status: 500, reason: "backendError" }, "YOUTUBE_UNAVAILABLE"],
  ["YouTube never answers (time-out)", "youtube", { hang: true }, "YOUTUBE_UNAVAILABLE"],
  ["YouTube drops the connection", "youtube", { status: 0 }, "YOUTUBE_UNAVAILABLE"],
  [
    "the project's daily quota is spent (403 quotaExceeded)",
    "youtube",
    { status: 403, reason: "quotaExceeded" },
    "YOUTUBE_QUOTA_EXCEEDED",
  ],
  ["tokeninfo answers 503", "tokeninfo", { status: 503, reason: "backendError" }, "GOOGLE_UNAVAILABLE"],
  ["tokeninfo never answers (time-out)", "tokeninfo", { hang: true }, "GOOGLE_UNAVAILABLE"],
];

describe(`Google faults, each under ${CONCURRENT} concurrent claims`, () => {
  it.each(faults)(
    "when %s, then every claim gets a 503 with a retry hint and leaves no claim behind",
    async (label, target, fault, code) => {
      await setFault(target, { ...fault, count: 1_000_000 });
      const wallets = tokens.map(() => randomWallet());
      const answers = await Promise.all(tokens.map((token, i) => claim(token, wallets[i]!)));
      await setFault(target, { count: 0 });

      for (const answer of answers) {
        expect(answer).toMatchObject({
          status: 503,
          body: { error: { code, message: ERROR_CATALOGUE[code].message } },
        });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
      for (const wallet of wallets) {
        const check = (await (await fetch(`${world.url}/api/check-claim/${wallet}`)).json()) as Record<string, unknown>;
        expect(check).toMatchObject({ claimed: false, claimId: null });
      }
      console.log(
        `Google fault "${label}": ${CONCURRENT} concurrent claims, all ${code} 503 with Retry-After, 0 claims left behind`,
      );
    },
  );

  it("when the faults clear, then the same viewers claim normally", async () => {
    const answers = await Promise.all(tokens.map((token) => claim(token, randomWallet())));
    expect(answers.map((answer) => answer.status)).toEqual(tokens.map(() => 202));
  });
});
