import { MULTICALL3_ADDRESS, REWARD_AMOUNT_WEI } from "@tube/common/constants";
import type { Config } from "../config.ts";
import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";
import { jsonRpc } from "../minting/json-rpc.ts";
import { readRewardAmount, readRewardsToken } from "../minting/rewards-contract.ts";
import type { Logger } from "./logger.ts";

/** The chain, token and amount paid, read until they hold: a server up before its RPC still serves pages. */
export function createChainSetup(
  config: Pick<Config, "RPC_URL" | "CHAIN_ID" | "REWARDS_ADDRESS">,
  deps: { logger: Logger; onReady: () => void; retryMs?: number },
) {
  const { RPC_URL: rpcUrl, CHAIN_ID: chainId, REWARDS_ADDRESS: rewards } = config;
  let tokenAddress: string | undefined;
  let failure = "not read yet";
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  async function read() {
    const served = Number(await jsonRpc<string>(rpcUrl, "eth_chainId", []));
    if (served !== chainId) throw new Error(`RPC_URL serves chain ${served}, not CHAIN_ID ${chainId}`);
    if ((await jsonRpc<string>(rpcUrl, "eth_getCode", [MULTICALL3_ADDRESS, "latest"])) === "0x")
      throw new Error(`chain ${chainId} is not supported: it has no Multicall3 at ${MULTICALL3_ADDRESS}`);
    const [token, amount] = await Promise.all([readRewardsToken(rpcUrl, rewards), readRewardAmount(rpcUrl, rewards)]);
    if (amount !== REWARD_AMOUNT_WEI)
      throw new Error(`REWARDS_ADDRESS pays ${amount} wei a reward, not the product's ${REWARD_AMOUNT_WEI}`);
    return token;
  }

  async function attempt() {
    try {
      const token = await read();
      if (stopped) return;
      tokenAddress = token;
      deps.logger.info({ tokenAddress }, "chain setup checked: claims open");
      deps.onReady();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (reason !== failure) deps.logger.error({ reason }, "not ready: claims wait until the chain setup holds");
      failure = reason;
      if (!stopped) retry = setTimeout(() => void attempt(), deps.retryMs ?? RETRY_AFTER_SECONDS * 1000).unref();
    }
  }

  return {
    /** Resolves once the first read answers or times out, ready or not. */
    start: attempt,
    tokenAddress: () => tokenAddress ?? "",
    probe: {
      name: "setup",
      async check() {
        if (tokenAddress === undefined) throw new Error(failure);
      },
    },
    assertReady() {
      if (tokenAddress === undefined) throw new AppError("MINTING_PAUSED", { retryAfterSeconds: RETRY_AFTER_SECONDS });
    },
    stop() {
      stopped = true;
      clearTimeout(retry);
    },
  };
}
