import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomWallet } from "@tube/local-world/mint-log";
import type { Visitor } from "../test/test-api.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/** Quota and upstream protection (ADR 23), measured from the server's own /metrics. */
const LIMIT_PER_ACCOUNT = 3;
let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({
    // Every scrape reads the store afresh, so the day's gauge can be compared before and after one verify.
    tuning: { verificationLimits: { limitPerWindow: LIMIT_PER_ACCOUNT }, metricsCacheMs: 0 },
  });
});
afterAll(async () => {
  await world?.stop();
});

async function metric(name: string, labels = ""): Promise<number> {
  const text = await world.metrics();
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}${labels ? `{${labels}` : " "}`))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}
const quotaUnits = () => metric("youtube_quota_units_total");

const verify = (accessToken: string, youtubeUsername?: string) =>
  world.api.verifySubscription(accessToken, youtubeUsername);
const claim = (token: string, wallet = randomWallet()) => world.api.claim({ token, wallet });

describe("readiness", () => {
  // First in the file: no claim is in flight yet, so the mint loop makes no Engine reads of its own.
  it("when /readyz is asked 20 times, then Engine is probed once", async () => {
    const engineReads = () => metric("tube_upstream_calls_total", 'service="engine_search_transactions"');
    const before = await engineReads();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${world.url}/readyz`).then((response) => response.status)),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    expect((await engineReads()) - before).toBe(1);
  });
});

describe("YouTube quota", () => {
  it("when a subscribed viewer verifies and then claims, then 1 unit is spent in all, whatever they typed: the channel name, nothing, an @handle or another channel's name", async () => {
    const spentOn = async (youtubeUsername: (visitor: Visitor) => string | undefined) => {
      const visitor = await world.visitor();
      const before = await quotaUnits();
      expect((await verify(visitor.token, youtubeUsername(visitor))).body).toEqual({ isSubscribed: true });
      expect((await claim(visitor.token)).status).toBe(202);
      return (await quotaUnits()) - before;
    };
    const unitsWithName = await spentOn((visitor) => visitor.channelName);
    const unitsWithoutName = await spentOn(() => undefined);
    const unitsWithHandle = await spentOn((visitor) => visitor.handle);
    const unitsWithAnotherName = await spentOn(() => "Somebody Else");

    console.log(
      `YouTube quota units per successful claim through Verify -> Claim: ${unitsWithName} with the channel name, ${unitsWithoutName} without a name, ${unitsWithHandle} with an @handle, ${unitsWithAnotherName} with another channel's name`,
    );
    expect([unitsWithName, unitsWithoutName, unitsWithHandle, unitsWithAnotherName]).toEqual([1, 1, 1, 1]);
  });

  it("when a viewer who is not subscribed types a name that is not their channel's, then USERNAME_MISMATCH names their channel, for 2 units", async () => {
    const { token, handle } = await world.visitor({ subscribed: false });
    const before = await quotaUnits();

    const answer = await verify(token, "Somebody Else");

    expect(answer.body).toMatchObject({ error: { code: "USERNAME_MISMATCH" } });
    expect(answer.body.error.message).toContain(handle);
    expect((await quotaUnits()) - before).toBe(2);
  });

  it("when an account that already claimed verifies and claims again, then it spends 0 units", async () => {
    const { token, wallet, handle } = await world.visitor();
    expect((await claim(token, wallet)).status).toBe(202);

    const before = await quotaUnits();
    expect((await verify(token, handle)).body).toMatchObject({
      isSubscribed: true,
      accountClaim: { walletAddress: wallet.toLowerCase() },
    });
    expect((await claim(token, wallet)).body).toMatchObject({ alreadyClaimed: true, details: "ALREADY_CLAIMED" });
    expect((await claim(token)).body).toMatchObject({
      alreadyClaimed: true,
      details: "GOOGLE_ACCOUNT_ALREADY_CLAIMED",
    });
    const spent = (await quotaUnits()) - before;

    console.log(`YouTube quota units spent by an account that already claimed (1 verify + 2 claims): ${spent}`);
    expect(spent).toBe(0);
  });

  it("when a viewer verifies, then the day's gauge (read from the store) moves with the process's counter", async () => {
    const { token } = await world.visitor();
    const before = { total: await quotaUnits(), today: await metric("tube_youtube_quota_units_today") };
    expect((await verify(token)).status).toBe(200);
    expect((await quotaUnits()) - before.total).toBe(1);
    expect((await metric("tube_youtube_quota_units_today")) - before.today).toBe(1);
  });

  it("when 20 requests of one viewer claim at once, then YouTube is asked once", async () => {
    const { token } = await world.visitor();
    const before = await quotaUnits();
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(token)));
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(1);
    expect((await quotaUnits()) - before).toBe(1);
  });

  // Not subscribed, so no check is remembered and each one goes to YouTube (a verified subscription is remembered).
  it("when one account verifies past its limit, then 429 ACCOUNT_RATE_LIMITED with Retry-After, whatever the IP limit says", async () => {
    const { token } = await world.visitor({ subscribed: false });
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof verify>> | undefined;
    for (let i = 0; i < LIMIT_PER_ACCOUNT + 2; i++) {
      const answer = await verify(token);
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(refused?.body).toMatchObject({ error: { code: "ACCOUNT_RATE_LIMITED" } });
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
    // Another account is not affected.
    const other = await world.visitor({ subscribed: false });
    expect((await verify(other.token)).status).toBe(200);
  });
});
