import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { balanceOf } from "@tube/local-world/token-balance";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";
import { ENGINE_WEBHOOK_PATH } from "./engine-webhook.routes.ts";

const SECRET = "engine-webhook-test-secret-0123456789";
let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({ env: { ENGINE_WEBHOOK_SECRET: SECRET } });
});
afterAll(async () => {
  await world?.stop();
});

async function claimed(): Promise<{ claimId: string; wallet: string }> {
  const viewer = await world.visitor();
  const mint = await world.api.post("/api/verify-and-mint", {
    walletAddress: viewer.wallet,
    googleEmail: viewer.email,
    oauthAccessToken: viewer.token,
  });
  expect(mint.status).toBe(202);
  return { claimId: mint.body.claimId as string, wallet: viewer.wallet };
}

/** A delivery to the server's webhook with the given signature headers. */
function deliver(body: string, headers: Record<string, string>) {
  return fetch(`${world.url}${ENGINE_WEBHOOK_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

function signature(timestamp: number, body: string, secret = SECRET): Record<string, string> {
  return {
    "x-request-timestamp": String(timestamp),
    "x-signature-sha256": createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex"),
  };
}

describe("Engine's webhook", () => {
  it("when Engine posts a claim's status changes to the server, then the claim confirms with its reward's hash", async () => {
    const { wallet } = await claimed();

    const [claim] = await world.untilAllConfirmed([{ wallet }]);

    expect(claim).toMatchObject({ status: "confirmed", txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(await balanceOf(world.rpcUrl, 42161, world.tokenAddress, wallet)).toBe(REWARD_AMOUNT_WEI);
  });

  it("when a delivery is unsigned, forged, replayed or about an unknown claim, then it is answered 204 like any other and the claim still confirms", async () => {
    const now = Math.floor(Date.now() / 1000);
    const about = (transactionId: string) => JSON.stringify({ transactionId, stageName: "send", eventType: "SUCCESS" });
    const { claimId, wallet } = await claimed();
    const known = about(`${claimId}-1`);
    const unknown = about("00000000-0000-4000-8000-000000000000-1");

    const answers = await Promise.all([
      deliver(known, {}),
      deliver(known, signature(now, known, "not-the-secret")),
      deliver(known, signature(now - 3600, known)),
      deliver(unknown, signature(now, unknown)),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204]);
    expect(await world.untilAllConfirmed([{ wallet }])).toHaveLength(1);
  });
});
