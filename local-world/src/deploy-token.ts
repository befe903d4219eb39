import { eth_getCode, getRpcClient, type Chain, type ThirdwebClient } from "thirdweb";
import { prepareDirectDeployTransaction } from "thirdweb/deploys";
import { grantRole } from "thirdweb/extensions/permissions";
import { privateKeyToAccount } from "thirdweb/wallets";
import { localChain, sendAndConfirm, tokenContract } from "./local-chain.ts";
import { loadTokenArtifact } from "./token-artifact.ts";

export interface DeployTokenOptions {
  rpcUrl: string;
  chainId: number;
  /** Becomes DEFAULT_ADMIN_ROLE holder. */
  deployerKey: `0x${string}`;
  /** Receives MINTER_ROLE (the Engine server wallet). */
  minter: string;
}

/** Deploys TuBE and grants MINTER_ROLE to `minter`; resolves to the token address. */
export async function deployToken(options: DeployTokenOptions): Promise<string> {
  const { client, chain } = localChain(options.rpcUrl, options.chainId);
  const account = privateKeyToAccount({ client, privateKey: options.deployerKey });
  // Not thirdweb's deployContract: it waits through thirdweb's per-chain-id block poller (see receiptOf).
  const deployment = await prepareTokenDeployment(client, chain, account.address);
  const { contractAddress } = await sendAndConfirm(deployment, account);
  if (!contractAddress) throw new Error(`TuBE deployment on ${options.rpcUrl} created no contract`);

  const grant = grantRole({
    contract: tokenContract(options.rpcUrl, options.chainId, contractAddress),
    role: "minter",
    targetAccountAddress: options.minter,
  });
  await sendAndConfirm(grant, account);
  return contractAddress;
}

/**
 * The transaction that deploys TuBE from the compiled artifact, with `admin` as DEFAULT_ADMIN_ROLE holder: the
 * local world's deployment and the operator's `deploy-token` send the same one.
 */
export async function prepareTokenDeployment(client: ThirdwebClient, chain: Chain, admin: string) {
  const { abi, bytecode } = await loadTokenArtifact();
  return prepareDirectDeployTransaction({ client, chain, abi, bytecode, constructorParams: { admin } });
}

/** Reuses `knownAddress` when the chain still has code there (anvil restarted from its state file); deploys otherwise. */
export async function ensureToken(
  options: DeployTokenOptions & { knownAddress?: string },
): Promise<{ address: string; deployed: boolean }> {
  if (options.knownAddress && (await hasCode(options.rpcUrl, options.chainId, options.knownAddress))) {
    return { address: options.knownAddress, deployed: false };
  }
  return { address: await deployToken(options), deployed: true };
}

async function hasCode(rpcUrl: string, chainId: number, address: string): Promise<boolean> {
  const code = await eth_getCode(getRpcClient(localChain(rpcUrl, chainId)), { address });
  return code !== "0x";
}
