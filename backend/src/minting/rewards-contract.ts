import { jsonRpc } from "./json-rpc.ts";

/** Selectors of the views the server reads (a test checks them against a deployed contract). */
const TOKEN_SELECTOR = "0xfc0c546a";
const REWARDS_PAID_SELECTOR = "0x69d8d6d2";
const MAX_REWARDS_SELECTOR = "0xd619658b";
const REWARD_AMOUNT_SELECTOR = "0xf7b2a7be";

/** Immutable in the contract, so read once at start-up, and no setting can name another. */
export async function readRewardsToken(rpcUrl: string, rewards: string) {
  return `0x${(await readWord(rpcUrl, rewards, TOKEN_SELECTOR)).slice(-40)}`;
}

/** Immutable too; a claim confirms only if it is the product's amount. */
export async function readRewardAmount(rpcUrl: string, rewards: string) {
  return BigInt(await readWord(rpcUrl, rewards, REWARD_AMOUNT_SELECTOR));
}

export async function readRewardCap(rpcUrl: string, rewards: string) {
  const read = async (selector: string) => BigInt(await readWord(rpcUrl, rewards, selector));
  const [rewardsPaid, maxRewards] = await Promise.all([read(REWARDS_PAID_SELECTOR), read(MAX_REWARDS_SELECTOR)]);
  return { rewardsPaid, maxRewards };
}

async function readWord(rpcUrl: string, to: string, data: string) {
  const result = await jsonRpc<string>(rpcUrl, "eth_call", [{ to, data }, "latest"]);
  if (result === "0x") throw new Error(`eth_call ${data}: no contract at ${to}`);
  return result;
}

export async function readNativeBalance(rpcUrl: string, address: string) {
  return BigInt(await jsonRpc<string>(rpcUrl, "eth_getBalance", [address, "latest"]));
}
