import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OPERATOR_HEADERS, startTestWorld, type TestWorld } from "../test/test-world.ts";

/** The operator endpoints over HTTP: who may read them, what the public sees, and what a scrape costs upstream. */
const METRICS_CACHE_MS = 1000;
let world: TestWorld;

beforeAll(async () => {
  // The RPC proxy counts the server's chain calls and can play an unreachable provider.
  world = await startTestWorld({
    rpcProvider: {},
    tuning: { metricsCacheMs: METRICS_CACHE_MS, readinessCacheSeconds: 0 },
  });
});
afterAll(async () => {
  await world?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${world.url}${path}`, { headers });
const rpc = () => world.rpcProxy!;

describe("operator endpoints", () => {
  it("when an anonymous client or a wrong token asks for /metrics or /readyz/details, then 401 and no gauge or dependency", async () => {
    for (const path of ["/metrics", "/readyz/details"]) {
      const attempts: Array<Record<string, string>> = [
        {},
        { authorization: "Bearer not-the-token" },
        { authorization: "Basic dHViZQ==" },
      ];
      for (const headers of attempts) {
        const response = await get(path, headers);
        const text = await response.text();
        expect({ path, headers, status: response.status }).toEqual({ path, headers, status: 401 });
        expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(JSON.parse(text)).toMatchObject({ error: { code: "OPERATOR_TOKEN_REQUIRED" } });
        expect(text).not.toMatch(/tube_|store|chain|engine/);
      }
    }
  });

  it("when the operator's token is sent, then /metrics answers 200 with the gauges", async () => {
    const response = await get("/metrics", OPERATOR_HEADERS);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^tube_upstream_up\{upstream="rpc"\} 1$/m);
    expect(text).toMatch(/^tube_upstream_up\{upstream="store"\} 1$/m);
    expect(text).toMatch(/^tube_server_wallet_balance_eth /m);
  });

  it("when one client keeps guessing the token, then it gets 429 before any guess is checked, and other clients still read", async () => {
    // A second client on this machine: 127.0.0.2 is loopback too.
    const guess = (path: string, authorization: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { port } = new URL(world.url);
        const request = http.get({
          host: "127.0.0.1",
          port,
          path,
          localAddress: "127.0.0.2",
          headers: { authorization },
        });
        request.on("error", reject).on("response", (response) => {
          let body = "";
          response
            .on("data", (chunk: Buffer) => (body += chunk.toString()))
            .on("end", () => {
              resolve({ status: response.statusCode ?? 0, body });
            });
        });
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await guess("/metrics", `Bearer guess-${i}`)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    const limited = await guess("/readyz/details", OPERATOR_HEADERS.authorization);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toMatchObject({ error: { code: "RATE_LIMITED" } });
    expect((await get("/metrics", OPERATOR_HEADERS)).status).toBe(200);
  });

  it("when the public /readyz is asked, then it says only ready or not, and the details go to the operator", async () => {
    const response = await get("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ready: true });
    const details = await get("/readyz/details", OPERATOR_HEADERS);
    expect(await details.json()).toEqual({
      ready: true,
      checks: { store: "ok", chain: "ok", engine: "ok", setup: "ok" },
      errors: {},
    });
  });

  it("when 30 scrapes come at once, then the RPC is read once per TTL", async () => {
    // Past the TTL of any earlier scrape, so this window starts with these scrapes.
    await sleep(METRICS_CACHE_MS + 100);
    rpc().resetCounts();
    const startedAt = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => get("/metrics", OPERATOR_HEADERS).then((response) => response.status)),
    );
    // One read per TTL the scrapes spanned: one on a quiet machine; uncached, it would be one per scrape.
    const windows = 1 + Math.floor((Date.now() - startedAt) / METRICS_CACHE_MS);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const reads = rpc().counts().eth_getBalance ?? 0;
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(windows);

    await sleep(METRICS_CACHE_MS + 100);
    await get("/metrics", OPERATOR_HEADERS);
    expect(rpc().counts().eth_getBalance).toBe(reads + 1);
  });

  it("when the RPC is unreachable, then the scrape still answers 200 with rpc down, and /readyz turns not ready without naming it", async () => {
    const before = await world.metrics();
    const balance = /^tube_server_wallet_balance_eth .*$/m.exec(before)?.[0];
    rpc().setUnreachable(true);
    try {
      await vi.waitFor(
        async () => {
          const response = await get("/metrics", OPERATOR_HEADERS);
          expect(response.status).toBe(200);
          const text = await response.text();
          expect(text).toMatch(/^tube_upstream_up\{upstream="rpc"\} 0$/m);
          expect(text).toMatch(/^tube_upstream_up\{upstream="store"\} 1$/m);
          // The last good reading stays, so an outage of the RPC is not a wallet out of gas.
          expect(text).toContain(balance);
        },
        { timeout: 10_000, interval: 200 },
      );
      const readiness = await get("/readyz");
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toEqual({ ready: false });
      const details = (await (await get("/readyz/details", OPERATOR_HEADERS)).json()) as Record<string, any>;
      expect(details).toMatchObject({ ready: false, checks: { chain: "unavailable", store: "ok" } });
      expect(details.errors.chain).toEqual(expect.any(String));
    } finally {
      rpc().setUnreachable(false);
    }
  });
});
