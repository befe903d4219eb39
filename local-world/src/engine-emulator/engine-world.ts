import { ARBITRUM_ONE_CHAIN_ID } from "@tube/common/constants";
import { startAnvil, type RunningAnvil } from "../anvil.ts";
import { deployToken } from "../deploy-token.ts";
import { DEPLOYER, ENGINE_SERVER_WALLET } from "../dev-accounts.ts";
import { startEngineEmulator, type EngineEmulatorOptions, type RunningEngineEmulator } from "./engine-emulator.ts";

export interface EngineWorld {
  anvil: RunningAnvil;
  engine: RunningEngineEmulator;
  tokenAddress: string;
  /** TuBERewards for the token: the server wallet's `reward(address to)` is the only way to mint. */
  rewardsAddress: string;
  stop(): Promise<void>;
}

/**
 * What every test of Engine's wire needs: a local Arbitrum One, the token and its rewards contract (the Engine server
 * wallet may reward) and the Engine stand-in sending from that wallet.
 */
export async function startEngineWorld(
  options: Pick<EngineEmulatorOptions, "secretKey" | "vaultAccessToken" | "log">,
): Promise<EngineWorld> {
  const chainId = ARBITRUM_ONE_CHAIN_ID;
  const anvil = await startAnvil({ chainId });
  try {
    const { tokenAddress, rewardsAddress } = await deployToken({
      rpcUrl: anvil.rpcUrl,
      chainId,
      deployerKey: DEPLOYER.privateKey,
      rewarder: ENGINE_SERVER_WALLET.address,
    });
    const engine = await startEngineEmulator({
      ...options,
      rpcUrl: anvil.rpcUrl,
      chainId,
      serverWallets: [ENGINE_SERVER_WALLET],
    });
    return {
      anvil,
      engine,
      tokenAddress,
      rewardsAddress,
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
