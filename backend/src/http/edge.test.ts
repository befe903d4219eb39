import { once } from "node:events";
import fs from "node:fs/promises";
import type { Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteClaimStore } from "../store/sqlite/sqlite-claim-store.ts";
import { EDGE_LIMITS, edgeServer } from "./edge-server.ts";
import { createLogger } from "../observability/logger.ts";
import { errorHandler } from "./error-handler.ts";
import { requestLogger } from "./request-logger.ts";
import { apiRateLimits } from "./security.ts";

/** The server's edge, where a client's requests cost it before any route runs. */
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listening(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function connect(address: string): Promise<net.Socket> {
  const [host, port] = address.split(":");
  const socket = net.connect(Number(port), host);
  cleanups.push(async () => void socket.destroy());
  return once(socket, "connect").then(() => socket);
}

describe("the edge", () => {
  it("when one client floods invalid writes, then the store counts no more of them than the limit", async () => {
    const limit = 5;
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-edge-"));
    const store = await openSqliteClaimStore({ dataDir });
    cleanups.push(
      () => fs.rm(dataDir, { recursive: true, force: true }),
      () => store.close(),
    );
    const app = express().use(
      requestLogger(createLogger("silent")),
      apiRateLimits(limit, store.rateLimits),
      express.json(),
      (_req: express.Request, res: express.Response) => void res.status(400).end(),
      errorHandler,
    );
    const address = await listening(edgeServer(app));
    const statuses: number[] = [];
    for (let i = 0; i < limit * 4; i++) {
      const response = await fetch(`http://${address}/api/verify-and-mint`, { method: "POST", body: "{}" });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(limit).fill(400), ...Array<number>(limit * 3).fill(429)]);
    expect((await store.rateLimits.get("writes:127.0.0.1"))?.totalHits).toBe(limit);
  });

  it("when more connections are open than the cap, then the next one is dropped", async () => {
    const server = edgeServer((_req, res) => res.end());
    const address = await listening(server);
    await Promise.all(Array.from({ length: EDGE_LIMITS.maxConnections }, () => connect(address)));
    const dropped = once(server, "drop");
    await connect(address);
    await dropped;
    expect(await new Promise((resolve) => server.getConnections((_error, count) => resolve(count)))).toBe(
      EDGE_LIMITS.maxConnections,
    );
  });

  it("when a client sends more than a hundred headers, then 431 before the app sees the request", async () => {
    let reached = 0;
    const address = await listening(edgeServer((_req, res) => res.end(void reached++)));
    const send = async (count: number) => {
      const headers = Object.fromEntries(Array.from({ length: count }, (_, i) => [`x-p${i}`, "1"]));
      return (await fetch(`http://${address}/`, { headers })).status;
    };
    expect(await send(80)).toBe(200);
    expect(await send(EDGE_LIMITS.maxHeadersCount + 1)).toBe(431);
    expect(reached).toBe(1);
  });

  it("when a client never finishes its headers, then the server answers 408 and closes the connection", async () => {
    const socket = await connect(await listening(edgeServer((_req, res) => res.end())));
    socket.write("GET / HTTP/1.1\r\nHost: tube\r\nX-Slow: ");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    await once(socket, "close");
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);
});
