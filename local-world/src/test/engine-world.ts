import { ARBITRUM_ONE_CHAIN_ID } from "@tube/common/constants";
import type { RunningAnvil } from "../anvil.ts";
import { ENGINE_SERVER_WALLET } from "../dev-accounts.ts";
import { startDeployedChain } from "./deployed-chain.ts";
import {
  startEngineEmulator,
  type EngineEmulatorOptions,
  type RunningEngineEmulator,
} from "../engine-emulator/engine-emulator.ts";

export interface EngineWorld {
  anvil: RunningAnvil;
  engine: RunningEngineEmulator;
  tokenAddress: string;
  /** TuBERewards for the token: the server wallet's `reward(address to)` is the only way to mint. */
  rewardsAddress: string;
  stop(): Promise<void>;
}

/** What every test of Engine's wire needs: a local Arbitrum One with the token, and Engine sending from its wallet. */
export async function startEngineWorld(
  options: Pick<EngineEmulatorOptions, "secretKey" | "vaultAccessToken" | "log">,
): Promise<EngineWorld> {
  const { anvil, deployment } = await startDeployedChain(ARBITRUM_ONE_CHAIN_ID);
  try {
    const engine = await startEngineEmulator({
      ...options,
      rpcUrl: anvil.rpcUrl,
      chainId: ARBITRUM_ONE_CHAIN_ID,
      serverWallets: [ENGINE_SERVER_WALLET],
    });
    return {
      anvil,
      engine,
      ...deployment,
      async stop() {
        await engine.stop();
        await anvil.stop();
      },
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}
