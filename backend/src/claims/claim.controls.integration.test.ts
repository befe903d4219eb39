import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOCAL_CHANNEL_ID } from "@tube/local-world/google-emulator/seed-accounts";
import { randomWallet } from "@tube/local-world/mint-log";
import type { ClaimStore } from "../store/claim-store.ts";
import { openSqliteClaimStore } from "../store/sqlite/sqlite-claim-store.ts";
import { startTestWorld, subscriber, type TestWorld } from "../test/test-world.ts";
import { PAUSE_CACHE_MS } from "./claim-controls.ts";

/** The operator's controls as a visitor meets them: the pause switch and the deny list, written by another process. */
let world: TestWorld;
let operator: ClaimStore;

beforeAll(async () => {
  world = await startTestWorld({ subscribers: 6 });
  // The operator's command is another connection to the same store.
  operator = await openSqliteClaimStore({ dataDir: world.env.DATA_DIR as string });
});
afterAll(async () => {
  await operator?.close();
  await world?.stop();
});

async function post(path: string, body: unknown) {
  const response = await fetch(`${world.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}
const claim = (oauthAccessToken: string, walletAddress = randomWallet()) =>
  post("/api/verify-and-mint", { walletAddress, oauthAccessToken });
const verify = (accessToken: string) => post("/api/verify-subscription", { accessToken, channelId: LOCAL_CHANNEL_ID });

async function quotaUnits(): Promise<number> {
  const line = (await world.metrics()).split("\n").find((text) => text.startsWith("youtube_quota_units_total "));
  return Number(line?.split(" ").at(-1) ?? 0);
}

describe("pause", () => {
  it("when the operator pauses, then new claims and checks are refused within the cache window with CLAIMS_PAUSED and Retry-After, and a claim under way still confirms", async () => {
    const inFlight = await claim(await world.signIn(subscriber(1).email));
    expect(inFlight.status).toBe(202);
    const token = await world.signIn(subscriber(2).email);

    await operator.setPaused(true, "test-operator");
    const pausedAt = Date.now();
    await vi.waitFor(
      async () => {
        if ((await claim(token)).status !== 503) throw new Error("not paused yet");
      },
      { timeout: PAUSE_CACHE_MS * 3, interval: 50 },
    );
    expect(Date.now() - pausedAt).toBeLessThan(PAUSE_CACHE_MS + 500);
    // Until then the probe's first claim may have gone through, as claims do until every process has read the switch.
    const unitsBefore = await quotaUnits();

    const refused = await claim(token);
    expect(refused.body.error).toMatchObject({ code: "CLAIMS_PAUSED", retryAfterSeconds: 300 });
    expect(refused.headers.get("retry-after")).toBe("300");
    expect((await verify(token)).body.error.code).toBe("CLAIMS_PAUSED");
    expect(await quotaUnits()).toBe(unitsBefore);
    expect(await world.metrics()).toMatch(/^tube_claims_paused 1$/m);
    await vi.waitFor(
      async () => {
        const { body } = await fetch(`${world.url}/api/claims/${inFlight.body.claimId}`).then(async (response) => ({
          body: (await response.json()) as { status: string },
        }));
        if (body.status !== "confirmed") throw new Error(`claim under way is ${body.status}`);
      },
      { timeout: 60_000, interval: 200 },
    );

    await operator.setPaused(false, "test-operator");
    const next = await world.signIn(subscriber(5).email);
    await vi.waitFor(
      async () => {
        if ((await claim(next)).status !== 202) throw new Error("still paused");
      },
      { timeout: PAUSE_CACHE_MS * 3, interval: 50 },
    );
  });
});

describe("deny", () => {
  it("when a wallet is denied, then its claim is refused with WALLET_DENIED and no YouTube quota is spent", async () => {
    const wallet = randomWallet();
    await operator.deny("wallet", wallet, "test-operator");
    const token = await world.signIn(subscriber(3).email);
    const unitsBefore = await quotaUnits();

    const refused = await claim(token, wallet);

    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("WALLET_DENIED");
    expect(await quotaUnits()).toBe(unitsBefore);
    expect(await operator.findByWallet(wallet)).toBeNull();
  });

  it("when a Google account is denied, then its claims and checks are refused with GOOGLE_ACCOUNT_DENIED, no quota spent, until it is allowed", async () => {
    const viewer = subscriber(4);
    await operator.deny("googleAccount", viewer.sub, "test-operator");
    const token = await world.signIn(viewer.email);
    const unitsBefore = await quotaUnits();

    expect((await claim(token)).body.error.code).toBe("GOOGLE_ACCOUNT_DENIED");
    expect((await verify(token)).body.error.code).toBe("GOOGLE_ACCOUNT_DENIED");
    expect(await quotaUnits()).toBe(unitsBefore);

    await operator.allow("googleAccount", viewer.sub);
    expect((await claim(token)).status).toBe(202);
  });
});
