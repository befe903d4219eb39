import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";
import { MINT_MAX_ATTEMPTS } from "./mint-driver-from-config.ts";

const BUDGET = 5;
const CONCURRENT = 12;
let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({ env: { MAX_TOTAL_CLAIMS: String(BUDGET) } });
});
afterAll(async () => {
  await world?.stop();
});

describe("MAX_TOTAL_CLAIMS", () => {
  it(`when ${CONCURRENT} viewers claim at once against a budget of ${BUDGET} (one slot held by a failed claim), then exactly ${BUDGET} are accepted in the end`, async () => {
    // A claim whose mint failed at Engine keeps its slot; its owner's retry takes no new one.
    const failedVisitor = await world.visitor();
    // Every automatic attempt ends FAILED at Engine without reaching the chain, so the claim is left failed (ADR 2).
    world.engineFaults.set({ mode: "failed", count: MINT_MAX_ATTEMPTS });
    expect((await world.api.claim(failedVisitor)).status).toBe(202);
    await expect
      .poll(async () => (await world.api.checkClaim(failedVisitor.wallet)).body.status, { timeout: 60_000 })
      .toBe("failed");

    const visitors = await world.visitors(CONCURRENT);
    const answers = await Promise.all(visitors.map((visitor) => world.api.claim(visitor)));
    const accepted = answers.filter((answer) => answer.status === 202);
    const refused = answers.filter((answer) => answer.status === 410);
    expect(accepted).toHaveLength(BUDGET - 1);
    expect(refused).toHaveLength(CONCURRENT - (BUDGET - 1));
    for (const answer of refused) expect(answer.body).toMatchObject({ error: { code: "CLAIM_BUDGET_EXHAUSTED" } });

    // Every attempt it may have is used, so the owner hears it is on hold: not that the budget ran out.
    expect((await world.api.claim(failedVisitor)).body).toMatchObject({ details: "MINT_ATTEMPTS_EXHAUSTED" });
    console.log(
      `budget ${BUDGET}: ${accepted.length + 1} claims hold a slot of ${CONCURRENT + 1} (${CONCURRENT} concurrent + 1 failed)`,
    );
  });
});
