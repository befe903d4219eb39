import { describe, expect, it } from "vitest";
import { ARBITRUM_ONE_CHAIN_ID_HEX } from "@tube/common/constants";
import { startAnvil } from "./anvil.ts";

async function rpc(rpcUrl: string, method: string): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }),
  });
  return ((await response.json()) as { result: unknown }).result;
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
});
