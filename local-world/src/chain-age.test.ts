import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareContractCall, readContract } from "thirdweb";
import { privateKeyToAccount } from "thirdweb/wallets";
import { ARBITRUM_ONE_CHAIN_ID, REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { startAnvil } from "./anvil.ts";
import { restartAnvilAged } from "./chain-age.ts";
import { deployToken } from "./deploy-token.ts";
import { DEPLOYER, ENGINE_SERVER_WALLET } from "./dev-accounts.ts";
import { sendAndConfirm, tokenContract } from "./local-chain.ts";
import { randomWallet } from "./mint-log.ts";
import { balanceOf, blockAt, blockNumber } from "./test/chain-reads.ts";
import { hex, rpc } from "./json-rpc.ts";

const chainId = ARBITRUM_ONE_CHAIN_ID;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "tube-chain-age-"));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function reward(rpcUrl: string, rewardsAddress: string, wallet: string) {
  const rewards = tokenContract(rpcUrl, chainId, rewardsAddress);
  const rewarder = privateKeyToAccount({ client: rewards.client, privateKey: ENGINE_SERVER_WALLET.privateKey });
  const call = prepareContractCall({ contract: rewards, method: "function reward(address to)", params: [wallet] });
  return sendAndConfirm(call, rewarder);
}

async function rewardedInBlock(rpcUrl: string, rewardsAddress: string, wallet: string): Promise<number> {
  const block = await readContract({
    contract: tokenContract(rpcUrl, chainId, rewardsAddress),
    method: "function rewardedInBlock(address) view returns (uint256)",
    params: [wallet],
  });
  return Number(block);
}

describe("restartAnvilAged", () => {
  it("when a chain holding the token is aged by 100,000 blocks, then its contracts still answer, the gap has no logs and a reward lands above it", async () => {
    const young = await startAnvil({ chainId, stateFile: join(dataDir, "aged.json") });
    const { tokenAddress, rewardsAddress } = await deployToken({
      rpcUrl: young.rpcUrl,
      chainId,
      deployerKey: DEPLOYER.privateKey,
      rewarder: ENGINE_SERVER_WALLET.address,
    });
    const early = randomWallet();
    const earlyBlock = Number((await reward(young.rpcUrl, rewardsAddress, early)).blockNumber);
    const deployedHead = await blockNumber(young.rpcUrl);
    const deployedHeadHash = (await blockAt(young.rpcUrl, deployedHead))?.hash;

    const aged = await restartAnvilAged(young, 100_000);
    try {
      const { rpcUrl } = aged;
      const head = await blockNumber(rpcUrl);
      expect(rpcUrl).toBe(young.rpcUrl);
      expect(head).toBe(deployedHead + 100_000);
      expect(await rewardedInBlock(rpcUrl, rewardsAddress, early)).toBe(earlyBlock);
      expect(await balanceOf(rpcUrl, chainId, tokenAddress, early)).toBe(REWARD_AMOUNT_WEI);

      // The gap holds no blocks; the top 65 (2 × 32 slots + 1) exist so the tags resolve, linked by hash.
      expect(await blockAt(rpcUrl, deployedHead + 1)).toBeNull();
      expect((await blockAt(rpcUrl, head - 64))?.parentHash).toBe(deployedHeadHash);
      expect((await blockAt(rpcUrl, head))?.parentHash).toBe((await blockAt(rpcUrl, head - 1))?.hash);
      expect(Number((await blockAt(rpcUrl, "finalized"))?.number)).toBe(head - 64);
      expect(await rpc(rpcUrl, "eth_getLogs", [{ fromBlock: hex(deployedHead + 1), toBlock: "latest" }])).toEqual([]);

      const late = randomWallet();
      const receipt = await reward(rpcUrl, rewardsAddress, late);
      expect(Number(receipt.blockNumber)).toBe(head + 1);
      expect(await rewardedInBlock(rpcUrl, rewardsAddress, late)).toBe(head + 1);
      const logs = await rpc<unknown[]>(rpcUrl, "eth_getLogs", [
        { address: rewardsAddress, fromBlock: hex(head + 1), toBlock: hex(head + 1) },
      ]);
      expect(logs).toHaveLength(1);
    } finally {
      await aged.stop();
    }
  });

  it("when the anvil keeps no state file, then it is not stopped and ageing is refused", async () => {
    const anvil = await startAnvil();
    try {
      await expect(restartAnvilAged(anvil, 10)).rejects.toThrow(/stateFile/);
      expect(await blockNumber(anvil.rpcUrl)).toBe(0);
    } finally {
      await anvil.stop();
    }
  });
});
