import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getContract,
  parseEventLogs,
  prepareContractCall,
  prepareEvent,
  readContract,
  type PreparedTransaction,
  type ThirdwebContract,
} from "thirdweb";
import { mintTo } from "thirdweb/extensions/erc20";
import { grantRole, hasRole } from "thirdweb/extensions/permissions";
import type { Abi, AbiFunction } from "thirdweb/utils";
import { privateKeyToAccount } from "thirdweb/wallets";
import { ARBITRUM_ONE_CHAIN_ID, REWARD_AMOUNT_WEI } from "@tube/common/constants";
import type { RunningAnvil } from "@tube/local-world/anvil";
import { loadContractArtifact } from "@tube/local-world/contract-artifacts";
import {
  deployToken,
  prepareRewardsDeployment,
  prepareTokenDeployment,
  REWARDER_ROLE,
  type TokenDeployment,
} from "@tube/local-world/deploy-token";
import { DEPLOYER, ENGINE_SERVER_WALLET, USERS, type DevAccount } from "@tube/local-world/dev-accounts";
import { localChain, sendAndConfirm } from "@tube/local-world/local-chain";
import { randomWallet } from "@tube/local-world/mint-log";
import { startDeployedChain } from "@tube/local-world/test/deployed-chain";
import { balanceOf } from "@tube/local-world/test/chain-reads";

type Rewards = ThirdwebContract<Abi>;

const chainId = ARBITRUM_ONE_CHAIN_ID;
const rewardedEvent = prepareEvent({ signature: "event Rewarded(address indexed to, uint256 amount)" });
let anvil: RunningAnvil;
let deployment: TokenDeployment;

const handles = () => localChain(anvil.rpcUrl, chainId);
const asAccount = (account: DevAccount) =>
  privateKeyToAccount({ client: handles().client, privateKey: account.privateKey });

/** With their ABIs, so a revert reads as the contract's error name. */
async function contracts({ tokenAddress, rewardsAddress }: TokenDeployment) {
  const [token, rewards] = await Promise.all([loadContractArtifact("TuBE"), loadContractArtifact("TuBERewards")]);
  return {
    token: getContract({ ...handles(), address: tokenAddress, abi: token.abi }),
    rewards: getContract({ ...handles(), address: rewardsAddress, abi: rewards.abi }),
  };
}

// sendAndConfirm takes thirdweb's ABI-less transaction type; the ABI rides along only to name a revert.
const send = (transaction: PreparedTransaction<Abi, AbiFunction>, by: DevAccount) =>
  sendAndConfirm(transaction as PreparedTransaction, asAccount(by));
const reward = (rewards: Rewards, by: DevAccount, to: string) =>
  send(prepareContractCall({ contract: rewards, method: "function reward(address to)", params: [to] }), by);
const setMaxRewards = (rewards: Rewards, by: DevAccount, newMax: bigint) =>
  send(
    prepareContractCall({ contract: rewards, method: "function setMaxRewards(uint256 newMax)", params: [newMax] }),
    by,
  );
const rewardedInBlock = (rewards: Rewards, wallet: string) =>
  readContract({
    contract: rewards,
    method: "function rewardedInBlock(address) view returns (uint256)",
    params: [wallet],
  });
const rewarded = async (rewards: Rewards, wallet: string) => (await rewardedInBlock(rewards, wallet)) !== 0n;
const rewardsPaid = (rewards: Rewards) =>
  readContract({ contract: rewards, method: "function rewardsPaid() view returns (uint256)", params: [] });
const balance = (tokenAddress: string, owner: string) => balanceOf(anvil.rpcUrl, chainId, tokenAddress, owner);

beforeAll(async () => {
  ({ anvil, deployment } = await startDeployedChain(chainId));
});

afterAll(async () => {
  await anvil?.stop();
});

describe("TuBERewards", () => {
  it("when the server wallet rewards a wallet, then it holds exactly the reward, Rewarded is emitted and rewardedInBlock() names the reward's block", async () => {
    const { rewards } = await contracts(deployment);
    const wallet = randomWallet();
    const paidBefore = await rewardsPaid(rewards);
    expect(await rewarded(rewards, wallet)).toBe(false);

    const receipt = await reward(rewards, ENGINE_SERVER_WALLET, wallet);

    expect(await balance(deployment.tokenAddress, wallet)).toBe(REWARD_AMOUNT_WEI);
    const events = parseEventLogs({ logs: receipt.logs, events: [rewardedEvent] });
    expect(events.map(({ address, args }) => [address.toLowerCase(), args.to.toLowerCase(), args.amount])).toEqual([
      [deployment.rewardsAddress.toLowerCase(), wallet, REWARD_AMOUNT_WEI],
    ]);
    expect(await rewardedInBlock(rewards, wallet)).toBe(receipt.blockNumber);
    expect(await rewardsPaid(rewards)).toBe(paidBefore + 1n);
  });

  it("when a wallet is rewarded a second time, then it reverts with AlreadyRewarded and the balance stays 250", async () => {
    const { rewards } = await contracts(deployment);
    const wallet = randomWallet();
    await reward(rewards, ENGINE_SERVER_WALLET, wallet);
    const paid = await rewardsPaid(rewards);

    await expect(reward(rewards, ENGINE_SERVER_WALLET, wallet)).rejects.toThrow(/AlreadyRewarded/);

    expect(await balance(deployment.tokenAddress, wallet)).toBe(REWARD_AMOUNT_WEI);
    expect(await rewardsPaid(rewards)).toBe(paid);
  });

  it("when the zero address is rewarded, then it reverts with ZeroAddress", async () => {
    const { rewards } = await contracts(deployment);
    await expect(reward(rewards, ENGINE_SERVER_WALLET, `0x${"0".repeat(40)}`)).rejects.toThrow(/ZeroAddress/);
  });

  it("when an account without REWARDER_ROLE rewards, then it reverts, even for the admin", async () => {
    const { rewards } = await contracts(deployment);
    const wallet = randomWallet();
    for (const caller of [DEPLOYER, USERS[0]]) {
      await expect(reward(rewards, caller, wallet)).rejects.toThrow(/AccessControlUnauthorizedAccount/);
    }
    expect(await rewarded(rewards, wallet)).toBe(false);
    expect(await balance(deployment.tokenAddress, wallet)).toBe(0n);
  });

  it("when the server wallet calls the token's mintTo directly, then it reverts: only the rewards contract mints", async () => {
    const { token } = await contracts(deployment);
    const wallet = randomWallet();
    await expect(
      sendAndConfirm(mintTo({ contract: token, to: wallet, amountWei: 1n }), asAccount(ENGINE_SERVER_WALLET)),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount/);
    expect(await hasRole({ contract: token, role: "minter", targetAccountAddress: ENGINE_SERVER_WALLET.address })).toBe(
      false,
    );
    expect(await hasRole({ contract: token, role: "minter", targetAccountAddress: deployment.rewardsAddress })).toBe(
      true,
    );
    expect(await balance(deployment.tokenAddress, wallet)).toBe(0n);
  });

  it("when maxRewards wallets were rewarded, then the next reverts with RewardCapReached until the admin raises the cap", async () => {
    const capped = await deployToken({
      rpcUrl: anvil.rpcUrl,
      chainId,
      deployerKey: DEPLOYER.privateKey,
      rewarder: ENGINE_SERVER_WALLET.address,
      maxRewards: 2n,
    });
    const { rewards } = await contracts(capped);
    const [first, second, third] = [randomWallet(), randomWallet(), randomWallet()];
    await reward(rewards, ENGINE_SERVER_WALLET, first);
    await reward(rewards, ENGINE_SERVER_WALLET, second);

    await expect(reward(rewards, ENGINE_SERVER_WALLET, third)).rejects.toThrow(/RewardCapReached/);
    await expect(setMaxRewards(rewards, ENGINE_SERVER_WALLET, 3n)).rejects.toThrow(/AccessControlUnauthorizedAccount/);
    await expect(reward(rewards, ENGINE_SERVER_WALLET, third)).rejects.toThrow(/RewardCapReached/);

    await setMaxRewards(rewards, DEPLOYER, 3n);
    await reward(rewards, ENGINE_SERVER_WALLET, third);
    expect(await balance(capped.tokenAddress, third)).toBe(REWARD_AMOUNT_WEI);
    expect(await rewardsPaid(rewards)).toBe(3n);
  });

  it("when a TuBE deployed on its own grants MINTER_ROLE to a fresh TuBERewards, then rewards mint on it and earlier balances stay", async () => {
    const { client, chain } = handles();
    const admin = asAccount(DEPLOYER);
    const earlyMinter = USERS[1];
    const holder = randomWallet();
    const { contractAddress: tokenAddress } = await sendAndConfirm(
      await prepareTokenDeployment(client, chain, DEPLOYER.address),
      admin,
    );
    if (!tokenAddress) throw new Error("TuBE was not deployed");
    const token = getContract({ client, chain, address: tokenAddress });
    await sendAndConfirm(
      grantRole({ contract: token, role: "minter", targetAccountAddress: earlyMinter.address }),
      admin,
    );
    await sendAndConfirm(mintTo({ contract: token, to: holder, amountWei: 5n }), asAccount(earlyMinter));

    const { contractAddress: rewardsAddress } = await sendAndConfirm(
      await prepareRewardsDeployment(client, chain, { admin: DEPLOYER.address, token: tokenAddress, maxRewards: 10n }),
      admin,
    );
    if (!rewardsAddress) throw new Error("TuBERewards was not deployed");
    const { rewards } = await contracts({ tokenAddress, rewardsAddress });
    await sendAndConfirm(grantRole({ contract: token, role: "minter", targetAccountAddress: rewardsAddress }), admin);
    await sendAndConfirm(
      grantRole({ contract: rewards, role: REWARDER_ROLE, targetAccountAddress: ENGINE_SERVER_WALLET.address }),
      admin,
    );
    const wallet = randomWallet();
    await reward(rewards, ENGINE_SERVER_WALLET, wallet);

    expect(await balance(tokenAddress, wallet)).toBe(REWARD_AMOUNT_WEI);
    expect(await balance(tokenAddress, holder)).toBe(5n);
    await expect(reward(rewards, ENGINE_SERVER_WALLET, wallet)).rejects.toThrow(/AlreadyRewarded/);
  });
});
