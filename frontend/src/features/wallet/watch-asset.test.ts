import { describe, expect, it } from "vitest";
import { sessionHolding, watchAssetRequest } from "./watch-asset.ts";

const ADDRESS = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

function session(topic: string, accounts: string[]) {
  return { topic, namespaces: { eip155: { accounts, chains: [], methods: [], events: [] } } } as unknown as Parameters<
    typeof sessionHolding
  >[0][number];
}

describe("watchAssetRequest", () => {
  it("when asked for a token, then it sends EIP-747's one object with the token's address, symbol and decimals", () => {
    expect(watchAssetRequest({ address: ADDRESS, symbol: "TuBE", decimals: 18 })).toEqual({
      method: "wallet_watchAsset",
      params: { type: "ERC20", options: { address: ADDRESS, symbol: "TuBE", decimals: 18 } },
    });
  });
});

describe("sessionHolding", () => {
  it("when several sessions are kept, then it picks the one whose wallet holds the address on the chain, in any case", () => {
    const other = session("other", [`eip155:42161:0x${"1".repeat(40)}`]);
    const mainnetOnly = session("mainnet", [`eip155:1:${ADDRESS}`]);
    const holding = session("holding", [`eip155:1:${ADDRESS}`, `eip155:42161:${ADDRESS.toLowerCase()}`]);
    expect(sessionHolding([other, mainnetOnly, holding], 42161, ADDRESS)?.topic).toBe("holding");
  });

  it("when no session holds the address on the chain, then there is none", () => {
    expect(sessionHolding([session("mainnet", [`eip155:1:${ADDRESS}`])], 42161, ADDRESS)).toBeUndefined();
  });
});
