import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import type { Config } from "../config.ts";
import { createChainReader } from "../minting/chain-reader.ts";
import { createEngineMinter } from "../minting/engine-minter.ts";
import type { Logger } from "../observability/logger.ts";
import type { Metrics } from "../observability/metrics.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import { createMintDriver, type MintTuning } from "./mint-driver.ts";

/** A claim's attempts, its owner's retries included; each `claims retry` grants one more. */
export const MINT_MAX_ATTEMPTS = 3;
/** The smallest common provider cap (Moralis's). */
const RPC_BATCH_MAX_CALLS = 20;

/** As the server wires them, so `claims retry` drives the same code. */
export function mintDriverFromConfig(
  config: Config,
  deps: {
    store: ClaimStore;
    metrics: Metrics;
    logger: Logger;
    onEngineCall?: (api: string, outcome: string) => void;
    tuning?: MintTuning;
  },
) {
  const minter = engineMinterFromConfig(config, deps.onEngineCall);
  const chainReader = createChainReader({
    rpcUrl: config.RPC_URL,
    chainId: config.CHAIN_ID,
    rewardsAddress: config.REWARDS_ADDRESS,
    rewardAmountWei: REWARD_AMOUNT_WEI,
    finality: config.MINT_FINALITY,
    maxBatchCalls: RPC_BATCH_MAX_CALLS,
    onRateLimited: (pauseMs) => {
      deps.metrics.upstreamCalls.inc({ service: "rpc", outcome: "rate_limited" });
      deps.logger.warn({ pauseMs }, "the RPC provider refused calls as too many: chain reads pause");
    },
  });
  const mintDriver = createMintDriver({
    store: deps.store,
    minter,
    chainReader,
    maxAttempts: MINT_MAX_ATTEMPTS,
    tuning: deps.tuning,
    metrics: deps.metrics,
    logger: deps.logger,
  });
  return { minter, chainReader, mintDriver };
}

export function engineMinterFromConfig(config: Config, onCall?: (api: string, outcome: string) => void) {
  return createEngineMinter({
    engineUrl: config.ENGINE_URL,
    secretKey: config.THIRDWEB_SECRET_KEY,
    vaultAccessToken: config.ENGINE_VAULT_ACCESS_TOKEN,
    serverWallet: config.ENGINE_SERVER_WALLET,
    chainId: config.CHAIN_ID,
    rewardsAddress: config.REWARDS_ADDRESS,
    onCall,
  });
}
