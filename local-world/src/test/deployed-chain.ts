import { startAnvil, type RunningAnvil } from "../anvil.ts";
import { deployToken, type TokenDeployment } from "../deploy-token.ts";
import { DEPLOYER, ENGINE_SERVER_WALLET } from "../dev-accounts.ts";

export interface DeployedChain {
  anvil: RunningAnvil;
  deployment: TokenDeployment;
}

/** A fresh chain with TuBE and its rewards contract deployed as the local world deploys them, Engine's wallet the rewarder. */
export async function startDeployedChain(chainId: number): Promise<DeployedChain> {
  const anvil = await startAnvil({ chainId });
  try {
    const deployment = await deployToken({
      rpcUrl: anvil.rpcUrl,
      chainId,
      deployerKey: DEPLOYER.privateKey,
      rewarder: ENGINE_SERVER_WALLET.address,
    });
    return { anvil, deployment };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}
