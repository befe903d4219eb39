import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareContractCall, readContract } from "thirdweb";
import { grantRole, hasRole } from "thirdweb/extensions/permissions";
import { privateKeyToAccount } from "thirdweb/wallets";
import { ARBITRUM_ONE_CHAIN_ID, REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { startAnvil } from "./anvil.ts";
import { ensureToken, prepareTokenDeployment, tokenRoleHolders } from "./deploy-token.ts";
import { DEPLOYER, ENGINE_SERVER_WALLET } from "./dev-accounts.ts";
import { localChain, sendAndConfirm, tokenContract } from "./local-chain.ts";
import { randomWallet } from "./mint-log.ts";
import { balanceOf } from "./test/chain-reads.ts";

const chainId = ARBITRUM_ONE_CHAIN_ID;
const deployOptions = { chainId, deployerKey: DEPLOYER.privateKey, rewarder: ENGINE_SERVER_WALLET.address };
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "tube-anvil-"));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const rewarded = async (rpcUrl: string, rewardsAddress: string, wallet: string) =>
  (await readContract({
    contract: tokenContract(rpcUrl, chainId, rewardsAddress),
    method: "function rewardedInBlock(address) view returns (uint256)",
    params: [wallet],
  })) !== 0n;

describe("ensureToken with a persisted chain", () => {
  it("when anvil restarts from its state file, then the token, its rewards contract and what they recorded are kept, not redeployed", async () => {
    const stateFile = join(dataDir, "state.json");
    const holder = randomWallet();

    const first = await startAnvil({ chainId, stateFile });
    const created = await ensureToken({ rpcUrl: first.rpcUrl, ...deployOptions });
    const rewards = tokenContract(first.rpcUrl, chainId, created.rewardsAddress);
    const serverWallet = privateKeyToAccount({ client: rewards.client, privateKey: ENGINE_SERVER_WALLET.privateKey });
    const reward = prepareContractCall({ contract: rewards, method: "function reward(address to)", params: [holder] });
    await sendAndConfirm(reward, serverWallet);
    await first.stop();

    const second = await startAnvil({ chainId, stateFile });
    try {
      const { tokenAddress, rewardsAddress } = created;
      const reused = await ensureToken({
        rpcUrl: second.rpcUrl,
        ...deployOptions,
        known: { tokenAddress, rewardsAddress },
      });
      expect(created.deployed).toBe(true);
      expect(reused).toEqual({ tokenAddress, rewardsAddress, deployed: false });
      expect(await balanceOf(second.rpcUrl, chainId, tokenAddress, holder)).toBe(REWARD_AMOUNT_WEI);
      expect(await rewarded(second.rpcUrl, rewardsAddress, holder)).toBe(true);
    } finally {
      await second.stop();
    }
  });

  it("when the known addresses have no code (a fresh chain), then both contracts are deployed anew", async () => {
    const anvil = await startAnvil({ chainId });
    try {
      const known = {
        tokenAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        rewardsAddress: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      };
      const result = await ensureToken({ rpcUrl: anvil.rpcUrl, ...deployOptions, known });
      expect(result.deployed).toBe(true);
      expect(await rewarded(anvil.rpcUrl, result.rewardsAddress, randomWallet())).toBe(false);
    } finally {
      await anvil.stop();
    }
  });

  it("when only a token from before the rewards contract is known, then it is kept, gets a rewards contract and the server wallet loses MINTER_ROLE", async () => {
    const anvil = await startAnvil({ chainId });
    try {
      const { client, chain } = localChain(anvil.rpcUrl, chainId);
      const deployer = privateKeyToAccount({ client, privateKey: DEPLOYER.privateKey });
      const { contractAddress: tokenAddress } = await sendAndConfirm(
        await prepareTokenDeployment(client, chain, DEPLOYER.address),
        deployer,
      );
      if (!tokenAddress) throw new Error("TuBE was not deployed");
      const token = tokenContract(anvil.rpcUrl, chainId, tokenAddress);
      const minter = { contract: token, role: "minter", targetAccountAddress: ENGINE_SERVER_WALLET.address } as const;
      await sendAndConfirm(grantRole(minter), deployer);

      const result = await ensureToken({ rpcUrl: anvil.rpcUrl, ...deployOptions, known: { tokenAddress } });

      expect(result).toMatchObject({ tokenAddress, deployed: true });
      expect(await hasRole(minter)).toBe(false);
      expect(await hasRole({ ...minter, targetAccountAddress: result.rewardsAddress })).toBe(true);
      expect((await tokenRoleHolders(token)).minters).toEqual([result.rewardsAddress.toLowerCase()]);
    } finally {
      await anvil.stop();
    }
  });
});
