import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ARBITRUM_ONE_CHAIN_ID_HEX } from "@tube/common/constants";
import { startAnvil, type RunningAnvil } from "./anvil.ts";
import { freePort } from "./free-port.ts";
import { startRpcProxy, type RpcProxy } from "./rpc-proxy.ts";
import { hex, post, rpc } from "./json-rpc.ts";
import { blockAt } from "./test/chain-reads.ts";

// The chain starts at this height, so ranges below can end at `latest` without mining.
const HEAD = 1_000;

let anvil: RunningAnvil;
let proxy: RpcProxy;

beforeAll(async () => {
  anvil = await startAnvil({ number: HEAD });
  proxy = await startRpcProxy({ upstreamUrl: anvil.rpcUrl, getLogsMaxRange: 10 });
});

afterAll(async () => {
  await proxy?.stop();
  await anvil?.stop();
});

beforeEach(() => {
  proxy.setUnreachable(false);
  proxy.resetCounts();
});

const getLogs = (id: number, filter: object) => ({ jsonrpc: "2.0", id, method: "eth_getLogs", params: [filter] });

describe("startRpcProxy", () => {
  it("when a request comes, then the chain answers it through the proxy and it is counted", async () => {
    expect(await rpc(proxy.url, "eth_chainId")).toBe(ARBITRUM_ONE_CHAIN_ID_HEX);
    expect(await rpc(proxy.url, "eth_blockNumber")).toBe(hex(HEAD));
    expect(proxy.counts()).toEqual({ http: 2, eth_chainId: 1, eth_blockNumber: 1 });
  });

  it("when a batch comes, then each member is answered in order and counted, in one HTTP request", async () => {
    const { status, body } = await post(proxy.url, [
      { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] },
      { jsonrpc: "2.0", id: 2, method: "eth_blockNumber", params: [] },
      { jsonrpc: "2.0", id: 3, method: "eth_chainId", params: [] },
    ]);
    expect(status).toBe(200);
    expect(body).toEqual([
      { jsonrpc: "2.0", id: 1, result: ARBITRUM_ONE_CHAIN_ID_HEX },
      { jsonrpc: "2.0", id: 2, result: hex(HEAD) },
      { jsonrpc: "2.0", id: 3, result: ARBITRUM_ONE_CHAIN_ID_HEX },
    ]);
    expect(proxy.counts()).toEqual({ http: 1, eth_chainId: 2, eth_blockNumber: 1 });
  });

  it("when eth_getLogs spans more blocks than the cap, then it is refused with Alchemy's error and HTTP 400", async () => {
    const { status, body } = await post(proxy.url, getLogs(7, { fromBlock: hex(HEAD - 24), toBlock: "latest" }));
    expect(status).toBe(400);
    expect(body).toEqual({
      jsonrpc: "2.0",
      id: 7,
      error: {
        code: -32600,
        message:
          "Under the Free tier plan, you can make eth_getLogs requests with up to a 10 block range. Based on your " +
          "parameters, this block range should work: [0x3d0, 0x3d9]. Upgrade to PAYG for expanded block range.",
      },
    });
    expect(proxy.counts()).toEqual({ http: 1, eth_getLogs: 1 });
  });

  it("when eth_getLogs names blocks by tag, then the tags are read from the chain before the range is judged", async () => {
    // No range at all is the latest block alone.
    expect((await post(proxy.url, getLogs(1, {}))).status).toBe(200);
    expect((await post(proxy.url, getLogs(2, { fromBlock: "earliest" }))).status).toBe(400);
    expect((await post(proxy.url, getLogs(3, { fromBlock: hex(HEAD - 20), toBlock: "pending" }))).status).toBe(400);
    expect((await post(proxy.url, getLogs(4, { fromBlock: "latest", toBlock: "latest" }))).status).toBe(200);
    expect(proxy.counts()).toEqual({ http: 4, eth_getLogs: 4 });
  });

  it("when eth_getLogs spans exactly the cap, or names one block by hash, then the chain answers it", async () => {
    const head = await blockAt(anvil.rpcUrl, "latest");
    for (const filter of [{ fromBlock: hex(HEAD - 9), toBlock: "latest" }, { blockHash: head?.hash }]) {
      const { status, body } = await post(proxy.url, getLogs(1, filter));
      expect(status).toBe(200);
      expect(body).toEqual({ jsonrpc: "2.0", id: 1, result: [] });
    }
  });

  it("when a batch holds a refused eth_getLogs, then only that member carries the error and the others are answered", async () => {
    const { status, body } = await post(proxy.url, [
      { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] },
      getLogs(2, { fromBlock: "0x0", toBlock: hex(HEAD) }),
      getLogs(3, { fromBlock: hex(HEAD), toBlock: hex(HEAD) }),
    ]);
    expect(status).toBe(200);
    expect(body).toEqual([
      { jsonrpc: "2.0", id: 1, result: hex(HEAD) },
      { jsonrpc: "2.0", id: 2, error: expect.objectContaining({ code: -32600 }) },
      { jsonrpc: "2.0", id: 3, result: [] },
    ]);
    expect(proxy.counts()).toEqual({ http: 1, eth_blockNumber: 1, eth_getLogs: 2 });
  });

  it("when set unreachable, then requests get no answer until it is reachable again, and they are still counted", async () => {
    proxy.setUnreachable(true);
    await expect(rpc(proxy.url, "eth_chainId")).rejects.toThrow(/fetch failed/);
    expect(proxy.counts()).toEqual({ http: 1, eth_chainId: 1 });

    proxy.setUnreachable(false);
    expect(await rpc(proxy.url, "eth_chainId")).toBe(ARBITRUM_ONE_CHAIN_ID_HEX);
  });

  it("when the chain behind does not answer, then the proxy answers HTTP 502", async () => {
    const orphan = await startRpcProxy({ upstreamUrl: `http://127.0.0.1:${await freePort()}`, getLogsMaxRange: 10 });
    try {
      expect((await post(orphan.url, { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] })).status).toBe(502);
      expect((await post(orphan.url, getLogs(1, { fromBlock: "earliest" }))).status).toBe(502);
    } finally {
      await orphan.stop();
    }
  });

  it("when counts are reset, then they start again from nothing", async () => {
    await rpc(proxy.url, "eth_chainId");
    proxy.resetCounts();
    expect(proxy.counts()).toEqual({});
    expect(proxy.largestBatch()).toBe(0);
  });

  it("when requests of several sizes come, then the largest batch is the most calls one request held", async () => {
    const call = (id: number) => ({ jsonrpc: "2.0", id, method: "eth_chainId", params: [] });

    await post(proxy.url, call(1));
    expect(proxy.largestBatch()).toBe(1);
    await post(proxy.url, [call(2), call(3), call(4)]);
    await post(proxy.url, [call(5), call(6)]);
    expect(proxy.largestBatch()).toBe(3);
  });

  it("when a batch holds more calls than the cap, then it is refused whole with a Nitro node's one error", async () => {
    const capped = await startRpcProxy({ upstreamUrl: anvil.rpcUrl, maxBatchCalls: 2 });
    try {
      const calls = [7, 8, 9].map((id) => ({ jsonrpc: "2.0", id, method: "eth_chainId", params: [] }));

      expect(await post(capped.url, calls.slice(0, 2))).toMatchObject({ status: 200, body: [{ id: 7 }, { id: 8 }] });
      expect(await post(capped.url, calls)).toEqual({
        status: 200,
        body: [{ jsonrpc: "2.0", id: 7, error: { code: -32600, message: "batch too large" } }],
      });
      expect(capped.largestBatch()).toBe(3);
    } finally {
      await capped.stop();
    }
  });

  it("when more calls come in a second than the limit, then each call past it gets the provider's 429, alone or in a batch", async () => {
    let clock = 1_000_000;
    const limited = await startRpcProxy({ upstreamUrl: anvil.rpcUrl, callsPerSecond: 3, now: () => clock });
    try {
      const call = (id: number) => ({ jsonrpc: "2.0", id, method: "eth_chainId", params: [] });

      const batch = await post(limited.url, [call(1), call(2), call(3), call(4)]);
      const single = await post(limited.url, call(5));
      clock += 1_000;
      const nextSecond = await post(limited.url, call(6));

      expect(batch.status).toBe(200);
      expect((batch.body as Array<{ error?: { code: number } }>).map((answer) => answer.error?.code)).toEqual([
        undefined,
        undefined,
        undefined,
        429,
      ]);
      expect(single).toMatchObject({ status: 429, body: { id: 5, error: { code: 429 } } });
      expect(nextSecond).toMatchObject({ status: 200, body: { id: 6, result: ARBITRUM_ONE_CHAIN_ID_HEX } });
    } finally {
      await limited.stop();
    }
  });

  it("when safe and finalized lag by time, then each is answered with the newest block at least that old", async () => {
    const chain = await startAnvil();
    const start = Number((await blockAt(chain.rpcUrl, "latest"))?.timestamp);
    for (const offset of [10, 20, 30]) {
      await rpc(chain.rpcUrl, "evm_setNextBlockTimestamp", [start + offset]);
      await rpc(chain.rpcUrl, "evm_mine");
    }
    const lagging = await startRpcProxy({
      upstreamUrl: chain.rpcUrl,
      finalityLagMs: { safe: 10_000, finalized: 100_000 },
      now: () => (start + 35) * 1000,
    });
    try {
      const tag = (name: string) => rpc<{ number: string } | null>(lagging.url, "eth_getBlockByNumber", [name, false]);

      expect((await tag("latest"))?.number).toBe(hex(3));
      expect((await tag("safe"))?.number).toBe(hex(2));
      expect(await tag("finalized")).toBeNull();
    } finally {
      await lagging.stop();
      await chain.stop();
    }
  });
});
