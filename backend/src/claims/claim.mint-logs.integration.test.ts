import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { captureLogs } from "../test/log-capture.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

const logs = captureLogs();
let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({ logLevel: "debug", logDestination: logs.destination });
});
afterAll(async () => {
  await world?.stop();
});

async function claimed(headers: Record<string, string>): Promise<{ claimId: string; wallet: string }> {
  const viewer = await world.visitor();
  const mint = await world.api.post(
    "/api/verify-and-mint",
    { walletAddress: viewer.wallet, googleEmail: viewer.email, oauthAccessToken: viewer.token },
    headers,
  );
  expect(mint.status).toBe(202);
  return { claimId: mint.body.claimId as string, wallet: viewer.wallet };
}

describe("mint logs", () => {
  it("when two requests' claims are minted, then every line about a claim carries no request id or that of the request that made the claim", async () => {
    const madeBy = new Map<string, string>();
    const wallets: Array<{ wallet: string }> = [];
    for (const requestId of [`first-${randomUUID()}`, `second-${randomUUID()}`]) {
      const { claimId, wallet } = await claimed({ "X-Request-Id": requestId });
      madeBy.set(claimId, requestId);
      wallets.push({ wallet });
    }

    await world.untilAllConfirmed(wallets);

    const aboutTheClaims = () => logs.lines.filter((line) => madeBy.has(line.claimId as string));
    await vi.waitFor(() => expect(aboutTheClaims().filter((line) => line.msg === "reward confirmed")).toHaveLength(2));
    for (const line of aboutTheClaims())
      expect([undefined, madeBy.get(line.claimId as string)], JSON.stringify(line)).toContain(line.requestId);
  });
});
