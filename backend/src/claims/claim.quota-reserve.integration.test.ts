import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CATALOGUE } from "@tube/common/errors";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";
import { YOUTUBE_QUOTA_RESERVE_UNITS } from "./verification-admission.ts";

/**
 * A daily quota a few units above the reserve, so a few viewers reach the reserve. Nothing is remembered between
 * Verify and Claim, so every claim asks YouTube again and must be served from the reserve.
 */
const RESERVE_UNITS = YOUTUBE_QUOTA_RESERVE_UNITS;
const DAILY_QUOTA_UNITS = RESERVE_UNITS + 3;
let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({
    env: { YOUTUBE_DAILY_QUOTA_UNITS: String(DAILY_QUOTA_UNITS) },
    tuning: { subscriptionCacheSeconds: 0 },
  });
});
afterAll(async () => {
  await world?.stop();
});

async function youtubeUnitsOf(email: string): Promise<number> {
  const response = await fetch(`${world.googleUrl}/__emulator/youtube-units?account=${encodeURIComponent(email)}`);
  return ((await response.json()) as { units: number }).units;
}

describe("the day's last YouTube units", () => {
  it("when the day's spending reaches the reserve, then viewers who verified can still claim, and a newcomer is told verification resumes at midnight Pacific", async () => {
    const verified = await world.visitors(DAILY_QUOTA_UNITS - RESERVE_UNITS);
    for (const visitor of verified) {
      expect((await world.api.verifySubscription(visitor.token, visitor.channelName)).body).toEqual({
        isSubscribed: true,
      });
    }

    const newcomer = await world.visitor();
    const refused = await world.api.verifySubscription(newcomer.token, newcomer.channelName);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      error: {
        code: "YOUTUBE_QUOTA_RESERVED",
        message: ERROR_CATALOGUE.YOUTUBE_QUOTA_RESERVED.message,
        retryAfterSeconds: expect.any(Number),
      },
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(86_400);
    expect(await youtubeUnitsOf(newcomer.email)).toBe(0);
    expect((await world.api.claim(newcomer)).body).toMatchObject({ error: { code: "YOUTUBE_QUOTA_RESERVED" } });

    for (const visitor of verified) expect((await world.api.claim(visitor)).status).toBe(202);
    for (const visitor of verified) expect(await youtubeUnitsOf(visitor.email)).toBe(2);
  });
});
