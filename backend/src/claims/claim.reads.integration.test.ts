import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";
import { MINT_MAX_ATTEMPTS } from "./mint-driver-from-config.ts";

/**
 * Reads read: polling a claim never writes to Engine. The claim's driver has given up on it (a failed claim is not
 * unfinished, so the mint loop leaves it), so any Engine write during the test could only come from the GET handlers.
 */
let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld();
});
afterAll(async () => {
  await world?.stop();
});

/** Engine writes the server made, from its own /metrics (every outcome counted). */
async function engineWrites(): Promise<number> {
  const metrics = await world.metrics();
  return metrics
    .split("\n")
    .filter((line) => line.startsWith('tube_upstream_calls_total{service="engine_write_contract"'))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

/** The status the Engine stand-in holds for a transaction, asked over Engine's own API. */
async function engineStatus(transactionId: string): Promise<string | null> {
  const response = await fetch(`${world.env.ENGINE_URL}/v1/transactions?id=${transactionId}`, {
    headers: { "x-secret-key": world.env.THIRDWEB_SECRET_KEY as string },
  });
  const body = (await response.json()) as { result: { transactions: Array<{ status: string | null }> } };
  return body.result.transactions[0]?.status ?? null;
}

describe("reading a claim", () => {
  it("when a claim is polled with GET, then no Engine write is made", async () => {
    const visitor = await world.visitor();
    // Every attempt fails at Engine, after which the driver leaves the claim `failed` and writes nothing more itself: a
    // handler that still drove claims would queue it again on the next read.
    world.engineFaults.set({ mode: "failed", count: MINT_MAX_ATTEMPTS });
    const mint = await world.api.claim(visitor);
    expect(mint.status).toBe(202);
    const { claimId } = mint.body;
    await expect.poll(() => engineStatus(`${claimId}-${MINT_MAX_ATTEMPTS}`), { timeout: 30_000 }).toBe("FAILED");
    await expect
      .poll(async () => (await world.api.get(`/api/claims/${claimId}`)).body.status, { timeout: 30_000 })
      .toBe("failed");
    const writesBefore = await engineWrites();

    const reads: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      reads.push((await world.api.get(`/api/claims/${claimId}`)).body);
      reads.push((await world.api.checkClaim(visitor.wallet)).body);
    }

    expect(await engineWrites()).toBe(writesBefore);
    // The stored status, as it was: nothing moved the claim on behalf of a read.
    for (const read of reads) expect(read).toMatchObject({ claimId, status: "failed" });
  });
});
