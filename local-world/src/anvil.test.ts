import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARBITRUM_ONE_CHAIN_ID_HEX } from "@tube/common/constants";
import { startAnvil, type RunningAnvil } from "./anvil.ts";
import { DEPLOYER, USERS } from "./dev-accounts.ts";
import { hex, rpc } from "./json-rpc.ts";
import { blockAt, blockNumber } from "./test/chain-reads.ts";

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "tube-anvil-"));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function using<T>(anvil: RunningAnvil, test: (rpcUrl: string) => Promise<T>): Promise<T> {
  try {
    return await test(anvil.rpcUrl);
  } finally {
    await anvil.stop();
  }
}

async function numberOf(rpcUrl: string, tag: string): Promise<number | null> {
  const block = await blockAt(rpcUrl, tag);
  return block && Number(block.number);
}

describe("startAnvil", () => {
  it("when started without options, then it serves Arbitrum One's chain id on a free local port until stopped", async () => {
    const anvil = await startAnvil();
    expect(anvil.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await rpc(anvil.rpcUrl, "eth_chainId")).toBe(ARBITRUM_ONE_CHAIN_ID_HEX);

    await anvil.stop();
    await expect(rpc(anvil.rpcUrl, "eth_chainId")).rejects.toThrow();
  });

  it("when the requested port is taken, then it fails and says why", async () => {
    const first = await startAnvil();
    try {
      const port = Number(new URL(first.rpcUrl).port);
      await expect(startAnvil({ port })).rejects.toThrow(/Address already in use/);
    } finally {
      await first.stop();
    }
  });

  it("when the preferred port is free, then it listens there; when it is taken, then on another", async () => {
    const first = await startAnvil();
    const port = Number(new URL(first.rpcUrl).port);
    await first.stop();
    await using(await startAnvil({ preferredPort: port }), async (rpcUrl) => {
      expect(Number(new URL(rpcUrl).port)).toBe(port);
      await using(await startAnvil({ preferredPort: port }), async (other) => {
        expect(Number(new URL(other).port)).not.toBe(port);
        expect(await rpc(other, "eth_chainId")).toBe(ARBITRUM_ONE_CHAIN_ID_HEX);
      });
    });
  });

  it("when started at a height, then the first block has that number and none exists below it", async () => {
    await using(await startAnvil({ number: 126_000_000 }), async (rpcUrl) => {
      expect(await blockNumber(rpcUrl)).toBe(126_000_000);
      expect(await blockAt(rpcUrl, 125_999_999)).toBeNull();
      // Until 2 × slots blocks exist above the start, the tags point below it: no block.
      expect(await blockAt(rpcUrl, "safe")).toBeNull();
    });
  });

  it("when slotsInAnEpoch is 4, then safe trails latest by 4 blocks and finalized by 8", async () => {
    await using(await startAnvil({ slotsInAnEpoch: 4 }), async (rpcUrl) => {
      await rpc(rpcUrl, "anvil_mine", [hex(20)]);
      expect(await numberOf(rpcUrl, "latest")).toBe(20);
      expect(await numberOf(rpcUrl, "safe")).toBe(16);
      expect(await numberOf(rpcUrl, "finalized")).toBe(12);
    });
  });

  it("when given a block time, then blocks come without transactions, several stamped with the same second", async () => {
    await using(await startAnvil({ blockTimeSeconds: 0.25 }), async (rpcUrl) => {
      const deadline = Date.now() + 5_000;
      while ((await blockNumber(rpcUrl)) < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const stamps = await Promise.all([1, 2, 3, 4, 5].map((n) => blockAt(rpcUrl, n)));
      const seconds = new Set(stamps.map((block) => block?.timestamp));
      expect(seconds.size).toBeLessThan(5);
    });
  });

  it("when a block is more than 64 blocks old, then its state is gone, as on a pruned node; a recent one still answers", async () => {
    await using(await startAnvil(), async (rpcUrl) => {
      await rpc(rpcUrl, "anvil_mine", [hex(80)]);
      await expect(rpc(rpcUrl, "eth_getBalance", [DEPLOYER.address, "0x1"])).rejects.toThrow(/BlockOutOfRange/);
      expect(await rpc(rpcUrl, "eth_getBalance", [DEPLOYER.address, hex(79)])).toMatch(/^0x[0-9a-f]+$/);
      expect(await rpc(rpcUrl, "eth_getBalance", [DEPLOYER.address, "latest"])).toMatch(/^0x[0-9a-f]+$/);
    });
  });

  it("when stopped with a state file, then it keeps its head, the blocks with transactions and the tags' blocks, not the other empty ones", async () => {
    const stateFile = join(dataDir, "compacted.json");
    const options = { stateFile, slotsInAnEpoch: 2 };
    let full = 0;
    await using(await startAnvil(options), async (rpcUrl) => {
      await rpc(rpcUrl, "eth_sendTransaction", [{ from: DEPLOYER.address, to: USERS[0].address, value: "0x1" }]);
      await rpc(rpcUrl, "anvil_mine", [hex(300)]);
      full = await blockNumber(rpcUrl);
    });

    await using(await startAnvil(options), async (rpcUrl) => {
      expect(await blockNumber(rpcUrl)).toBe(full);
      expect(await blockAt(rpcUrl, 0)).not.toBeNull();
      expect(await blockAt(rpcUrl, 1)).not.toBeNull();
      expect(await blockAt(rpcUrl, 100)).toBeNull();
      expect(await numberOf(rpcUrl, "safe")).toBe(full - 2);
      expect(await numberOf(rpcUrl, "finalized")).toBe(full - 4);
      expect(await rpc(rpcUrl, "eth_getLogs", [{ fromBlock: "0x0", toBlock: "latest" }])).toEqual([]);
    });
    // About 1.75 KB a block when all 302 are kept.
    expect((await stat(stateFile)).size).toBeLessThan(100_000);
  });
});
