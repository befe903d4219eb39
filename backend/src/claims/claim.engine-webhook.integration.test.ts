import { createHmac, randomInt, randomUUID } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { balanceOf } from "@tube/local-world/token-balance";
import { captureLogs } from "../test/log-capture.ts";
import { metricValue } from "../test/metric-value.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";
import { ENGINE_WEBHOOK_PATH, WEBHOOK_POSTS_PER_MINUTE } from "./engine-webhook.routes.ts";

const SECRET = "engine-webhook-test-secret-0123456789";
const logs = captureLogs();
let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({
    env: { ENGINE_WEBHOOK_SECRET: SECRET },
    logLevel: "debug",
    logDestination: logs.destination,
  });
});
afterAll(async () => {
  await world?.stop();
});

async function claimed(headers: Record<string, string> = {}): Promise<{ claimId: string; wallet: string }> {
  const viewer = await world.visitor();
  const mint = await world.api.post(
    "/api/verify-and-mint",
    { walletAddress: viewer.wallet, googleEmail: viewer.email, oauthAccessToken: viewer.token },
    headers,
  );
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
    const about = (transactionId: string) =>
      JSON.stringify({ notificationId: randomUUID(), transactionId, stageName: "send", eventType: "SUCCESS" });
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

  it("when a signed delivery is posted again within its window, then the copy is answered 204 and counted as replayed", async () => {
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      notificationId: randomUUID(),
      transactionId: `${randomUUID()}-1`,
      stageName: "send",
    });
    const before = await world.metrics();

    const first = await deliver(body, signature(now, body));
    const again = await deliver(body, signature(now, body));

    expect([first.status, again.status]).toEqual([204, 204]);
    const after = await world.metrics();
    const counted = (reason: string) =>
      metricValue(after, `tube_engine_webhooks_ignored_total{reason="${reason}"}`) -
      metricValue(before, `tube_engine_webhooks_ignored_total{reason="${reason}"}`);
    expect(counted("replayed")).toBe(1);
    expect(counted("not_followed_here")).toBe(1);
  });

  it("when one client posts unsigned webhooks past the limit, then the rest get the catalogued 429, the metric counts every one and nothing above debug is logged about them", async () => {
    const client = ownLoopbackAddress();
    const before = await world.metrics();
    const fromLine = logs.lines.length;

    const answers = await inBatches(WEBHOOK_POSTS_PER_MINUTE + 20, () => postFrom(client, "{}"));

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(WEBHOOK_POSTS_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const refused = answers.find((answer) => answer.status === 429);
    expect(JSON.parse(refused?.body ?? "")).toMatchObject({ error: { code: "RATE_LIMITED" } });
    expect(refused?.retryAfter).toBe("60");
    const after = await world.metrics();
    const counted = (reason: string) => {
      const series = `tube_engine_webhooks_ignored_total{reason="${reason}"}`;
      return metricValue(after, series) - metricValue(before, series);
    };
    expect(counted("unsigned")).toBe(WEBHOOK_POSTS_PER_MINUTE);
    expect(counted("rate_limited")).toBe(20);
    // The access log's line a request, at info, is all: nothing warns, and the webhook's own lines are debug.
    const aboveDebug = logs.lines.slice(fromLine).filter((line) => line.level > 20);
    expect(aboveDebug.filter((line) => line.level > 30 || /webhook/i.test(line.msg ?? ""))).toEqual([]);
  });
});

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

/** A loopback address of this test's own (127.0.0.2 to 127.0.0.254), so its posts are a client the others are not. */
function ownLoopbackAddress(): string {
  return `127.0.0.${randomInt(2, 255)}`;
}

/** `count` calls of `send`, 50 at a time. */
async function inBatches<T>(count: number, send: () => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  while (answers.length < count)
    answers.push(...(await Promise.all(Array.from({ length: Math.min(50, count - answers.length) }, send))));
  return answers;
}

/** A delivery to the server's webhook sent from `localAddress`, unsigned. */
function postFrom(
  localAddress: string,
  body: string,
): Promise<{ status: number; retryAfter: string | undefined; body: string }> {
  const { port } = new URL(world.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        localAddress,
        method: "POST",
        path: ENGINE_WEBHOOK_PATH,
        headers: { "content-type": "application/json" },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers["retry-after"],
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
