import { afterAll, beforeAll, expect, it } from "vitest";
import { CLAIM_WAIT_MAX_SECONDS } from "@tube/common/constants";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/** Between the mint loop's passes, a queued reward is followed block by block: by its wallet until Engine lists it. */
let world: TestWorld;

beforeAll(async () => {
  // The loop's next pass lies past the test's time-out: only the follow between passes can confirm in time.
  world = await startTestWorld({ tuning: { mint: { intervalMs: 600_000 } } });
});
afterAll(async () => {
  await world?.stop();
});

it(
  "when Engine's list has not shown the sent reward, then the claim is confirmed once its block lands, before the loop's next pass",
  { timeout: 30_000 },
  async () => {
    const visitor = await world.visitor();
    world.engineFaults.set({ mode: "listLag", count: 1, reads: 1_000, wallet: visitor.wallet });
    const { body } = await world.api.claim(visitor);
    expect(body.status).toBe("queued");

    const held = await fetch(`${world.url}/api/claims/${body.claimId}?wait=${CLAIM_WAIT_MAX_SECONDS}&status=queued`);

    expect(await held.json()).toMatchObject({ claimId: body.claimId, status: "confirmed" });
    expect(world.engineFaults.fired().listLag).toBe(1);
  },
);
