import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomWallet } from "@tube/local-world/mint-log";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

const BUDGET = 5;
const CONCURRENT = 12;
let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({ subscribers: CONCURRENT + 1, env: { MAX_TOTAL_CLAIMS: String(BUDGET) } });
});
afterAll(async () => {
  await world?.stop();
});

async function claim(oauthAccessToken: string, walletAddress = randomWallet()) {
  const response = await fetch(`${world.url}/api/verify-and-mint`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ walletAddress, oauthAccessToken }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe("MAX_TOTAL_CLAIMS", () => {
  it(`when ${CONCURRENT} viewers claim at once against a budget of ${BUDGET} (one slot held by a failed claim), then exactly ${BUDGET} are accepted in the end`, async () => {
    // A claim whose mint failed at Engine keeps its slot, and its owner's retry is within the budget.
    const failedToken = await world.signIn(`viewer${CONCURRENT + 1}@example.com`);
    const failedWallet = randomWallet();
    world.engineFaults.set({ mode: "http500", count: 1 });
    expect((await claim(failedToken, failedWallet)).body).toMatchObject({ error: { code: "MINT_UNAVAILABLE" } });

    const tokens = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => world.signIn(`viewer${i + 1}@example.com`)));
    const answers = await Promise.all(tokens.map((token) => claim(token)));
    const accepted = answers.filter((answer) => answer.status === 202);
    const refused = answers.filter((answer) => answer.status === 410);
    expect(accepted).toHaveLength(BUDGET - 1);
    expect(refused).toHaveLength(CONCURRENT - (BUDGET - 1));
    for (const answer of refused) expect(answer.body).toMatchObject({ error: { code: "CLAIM_BUDGET_EXHAUSTED" } });

    expect((await claim(failedToken, failedWallet)).status).toBe(202);
    console.log(`budget ${BUDGET}: ${accepted.length + 1} claims accepted of ${CONCURRENT + 1} (${CONCURRENT} concurrent + 1 retried)`);
  });
});
