import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@tube/local-world/free-port";
import { startBackendProcess, stopBackendProcesses } from "../test/server-process.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/**
 * Two server processes over one SQLite store, as behind a load balancer: the write limit is one limit for a
 * client, however its requests are spread; reads, which cost no quota and mint nothing, are counted per process.
 */
const WRITES_PER_MINUTE = 4;
const PUBLIC_RPC_URL = "https://arb1.arbitrum.io/rpc";

let world: TestWorld;
const backends: ChildProcess[] = [];
const urls: string[] = [];

beforeAll(async () => {
  world = await startTestWorld({
    inProcessApp: false,
    env: { RATE_LIMIT_PER_MINUTE: String(WRITES_PER_MINUTE), PUBLIC_RPC_URL },
  });
  for (let i = 0; i < 2; i++) urls.push(await startBackend(await freePort()));
});
afterAll(async () => {
  await stopBackendProcesses(backends);
  await world?.stop();
});

async function startBackend(port: number): Promise<string> {
  const { child, url } = await startBackendProcess(world.env, port);
  backends.push(child);
  return url;
}

/** A write the API refuses cheaply (invalid body) still counts against the client's write limit. */
async function write(url: string): Promise<number> {
  const response = await fetch(`${url}/api/verify-and-mint`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  await response.arrayBuffer();
  expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  return response.status;
}

describe("two server processes on one store", () => {
  it("when one client's writes alternate between both processes, then the limit counts them together", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < WRITES_PER_MINUTE * 2; i++) statuses.push(await write(urls[i % 2] as string));
    expect(statuses.filter((status) => status !== 429)).toHaveLength(WRITES_PER_MINUTE);
    expect(statuses.slice(WRITES_PER_MINUTE).every((status) => status === 429)).toBe(true);
  });

  it("when one client's reads alternate between both processes, then each process counts its own (ADR 11)", async () => {
    const readsPerProcess = WRITES_PER_MINUTE * 5;
    const statuses: number[] = [];
    for (let i = 0; i < readsPerProcess * 2; i++) {
      const response = await fetch(`${urls[i % 2] as string}/api/check-claim/0x${"ab".repeat(20)}`);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it("when the browser asks either process for its settings, then it gets PUBLIC_RPC_URL, never the server's RPC_URL", async () => {
    for (const url of urls) {
      const response = await fetch(`${url}/api/config`, { headers: { "X-Request-Id": "lb-trace-42" } });
      // The load balancer's request id comes back, so its log and ours join up.
      expect(response.headers.get("x-request-id")).toBe("lb-trace-42");
      const config = (await response.json()) as { rpcUrl: string };
      expect(config.rpcUrl).toBe(PUBLIC_RPC_URL);
      expect(JSON.stringify(config)).not.toContain(world.rpcUrl);
    }
  });
});
