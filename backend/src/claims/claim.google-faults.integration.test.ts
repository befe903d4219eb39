import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CATALOGUE, type ErrorCode } from "@tube/common/errors";
import { randomWallet } from "@tube/local-world/mint-log";
import type { Visitor } from "../test/test-api.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/**
 * Google failing the way it does (https://developers.google.com/youtube/v3/docs/errors): every claim made
 * during the fault gets a 503 with a retry hint, and none leaves a claim behind.
 */
const CONCURRENT = 20;
let world: TestWorld;
let viewers: Visitor[];

beforeAll(async () => {
  // A short budget keeps the hanging-Google cases quick (the stand-in never answers them anyway), yet one long enough
  // for every other call to finish on a loaded machine: it covers a whole call, with no retry of a code exchange.
  world = await startTestWorld({ tuning: { googleTimeoutMs: 5000 } });
  viewers = await world.visitors(CONCURRENT);
});
afterAll(async () => {
  await world?.stop();
});

type Target = "youtube" | "tokeninfo" | "token";

async function setFault(target: Target, fault: { status?: number; reason?: string; count: number; hang?: boolean }) {
  await fetch(`${world.googleUrl}/__emulator/${target}-fault`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(fault),
  });
}

const faults: Array<[string, Target, { status?: number; reason?: string; hang?: boolean }, ErrorCode]> = [
  // First: once a viewer's token has been checked, its identity is reused for a minute and tokeninfo is not asked.
  ["tokeninfo answers 503", "tokeninfo", { status: 503, reason: "backendError" }, "GOOGLE_UNAVAILABLE"],
  ["tokeninfo never answers (time-out)", "tokeninfo", { hang: true }, "GOOGLE_UNAVAILABLE"],
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
];

describe(`Google faults, each under ${CONCURRENT} concurrent claims`, () => {
  it.each(faults)(
    "when %s, then every claim gets a 503 with a retry hint and leaves no claim behind",
    async (label, target, fault, code) => {
      await setFault(target, { ...fault, count: 1_000_000 });
      const wallets = viewers.map(() => randomWallet());
      const answers = await Promise.all(viewers.map((viewer, i) => world.api.claim(viewer, wallets[i])));
      await setFault(target, { count: 0 });

      for (const answer of answers) {
        expect(answer).toMatchObject({
          status: 503,
          body: { error: { code, message: ERROR_CATALOGUE[code].message } },
        });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
      for (const wallet of wallets) {
        const check = (await world.api.checkClaim(wallet)).body;
        expect(check).toMatchObject({ claimed: false, claimId: null });
      }
      console.log(
        `Google fault "${label}": ${CONCURRENT} concurrent claims, all ${code} 503 with Retry-After, 0 claims left behind`,
      );
    },
  );

  it.each([
    ["answers 503", { status: 503, reason: "backendError" }],
    ["never answers (time-out)", { hang: true }],
  ])(
    "when Google's token endpoint %s, then the sign-in's code exchange is tried once, within one budget, and answers GOOGLE_UNAVAILABLE",
    async (_label, fault) => {
      const account = await world.createGoogleAccount();
      const armed = 10;
      await setFault("token", { ...fault, count: armed });
      const answer = await world.trySignIn(account.email);
      const left = ((await (await fetch(`${world.googleUrl}/__emulator/token-fault`)).json()) as { remaining: number })
        .remaining;
      await setFault("token", { count: 0 });

      expect(armed - left).toBe(1);
      expect(answer).toMatchObject({ status: 503, body: { error: { code: "GOOGLE_UNAVAILABLE" } } });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      await expect(world.signIn(account.email)).resolves.toEqual(expect.any(String));
    },
  );

  it("when the faults clear, then the same viewers claim normally", async () => {
    const answers = await Promise.all(viewers.map((viewer) => world.api.claim(viewer, randomWallet())));
    expect(answers.map((answer) => [answer.status, answer.body.error?.code])).toEqual(
      viewers.map(() => [202, undefined]),
    );
  });
});
