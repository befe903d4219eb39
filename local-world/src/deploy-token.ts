import {
  eth_getCode,
  getRpcClient,
  type Chain,
  type PreparedTransaction,
  type ThirdwebClient,
  type ThirdwebContract,
} from "thirdweb";
import { prepareDirectDeployTransaction } from "thirdweb/deploys";
import { getAllRoleMembers, grantRole, hasRole, revokeRole } from "thirdweb/extensions/permissions";
import { keccak256 } from "thirdweb/utils";
import type { Account } from "thirdweb/wallets";
import { privateKeyToAccount } from "thirdweb/wallets/private-key";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { loadContractArtifact } from "./contract-artifacts.ts";
import { localChain, sendAndConfirm, tokenContract } from "./local-chain.ts";

export interface DeployTokenOptions {
  rpcUrl: string;
  chainId: number;
  /** Becomes DEFAULT_ADMIN_ROLE holder of both contracts. */
  deployerKey: `0x${string}`;
  /** Receives TuBERewards' REWARDER_ROLE; it holds no role on the token. */
  rewarder: string;
  /** TuBERewards' cap on wallets rewarded; default 1,000,000. */
  maxRewards?: bigint;
}

/** TuBE and the TuBERewards contract that alone may mint it. */
export interface TokenDeployment {
  tokenAddress: string;
  rewardsAddress: string;
}

/** TuBERewards' role for `reward`, as thirdweb's role helpers take it (unhashed). */
export const REWARDER_ROLE = "REWARDER_ROLE";

const DEFAULT_MAX_REWARDS = 1_000_000n;

/** Every holder of the token's MINTER_ROLE and DEFAULT_ADMIN_ROLE, lower-case. */
export async function tokenRoleHolders(token: ThirdwebContract) {
  const holders = (role: "minter" | "admin") =>
    getAllRoleMembers({ contract: token, role }).then((accounts) => accounts.map((account) => account.toLowerCase()));
  const [minters, admins] = await Promise.all([holders("minter"), holders("admin")]);
  return { minters, admins };
}

/** TuBE and its TuBERewards, the token's only minter. */
export async function deployToken(options: DeployTokenOptions) {
  const { client, chain, account } = deployer(options);
  const tokenAddress = await deploy(await prepareTokenDeployment(client, chain, account.address), account, "TuBE");
  return { tokenAddress, rewardsAddress: await deployRewards(options, tokenAddress) };
}

/** Reuses the `known` contracts a kept chain runs as built now; deploys the rest. */
export async function ensureToken(options: DeployTokenOptions & { known?: Partial<TokenDeployment> }) {
  const { tokenAddress, rewardsAddress } = options.known ?? {};
  if (!tokenAddress || !(await runsBuiltCode(options, "TuBE", tokenAddress)))
    return { ...(await deployToken(options)), deployed: true };
  if (rewardsAddress && (await runsBuiltCode(options, "TuBERewards", rewardsAddress)))
    return { tokenAddress, rewardsAddress, deployed: false };
  return { tokenAddress, rewardsAddress: await deployRewards(options, tokenAddress), deployed: true };
}

export async function prepareTokenDeployment(client: ThirdwebClient, chain: Chain, admin: string) {
  const { abi, bytecode } = await loadContractArtifact("TuBE");
  return prepareDirectDeployTransaction({ client, chain, abi, bytecode, constructorParams: { admin } });
}

/** Pays REWARD_AMOUNT_WEI to at most `maxRewards` wallets. */
export async function prepareRewardsDeployment(
  client: ThirdwebClient,
  chain: Chain,
  { admin, token, maxRewards }: { admin: string; token: string; maxRewards: bigint },
) {
  const { abi, bytecode } = await loadContractArtifact("TuBERewards");
  const constructorParams = { admin, token_: token, rewardAmount_: REWARD_AMOUNT_WEI, maxRewards_: maxRewards };
  return prepareDirectDeployTransaction({ client, chain, abi, bytecode, constructorParams });
}

/** Whether `code` is contracts/<name>.sol as built here, immutables and metadata aside. */
export async function isBuiltCode(name: "TuBE" | "TuBERewards", code: string) {
  const { deployedBytecode, immutableRanges } = await loadContractArtifact(name);
  const built = Buffer.from(deployedBytecode.slice(2), "hex");
  const deployed = Buffer.from(code.slice(2), "hex");
  if (deployed.length !== built.length) return false;
  // The trailer's last two bytes are its CBOR part's length.
  const trailer = built.readUInt16BE(built.length - 2) + 2;
  const comparable = (bytes: Buffer) => {
    const executed = Buffer.from(bytes.subarray(0, bytes.length - trailer));
    for (const { start, length } of immutableRanges) executed.fill(0, start, start + length);
    return keccak256(executed);
  };
  return comparable(deployed) === comparable(built);
}

async function runsBuiltCode(options: DeployTokenOptions, name: "TuBE" | "TuBERewards", address: string) {
  const code = await eth_getCode(getRpcClient(localChain(options.rpcUrl, options.chainId)), { address });
  return isBuiltCode(name, code);
}

async function deployRewards(options: DeployTokenOptions, tokenAddress: string) {
  const { client, chain, account } = deployer(options);
  const token = tokenContract(options.rpcUrl, options.chainId, tokenAddress);
  if (!(await hasRole({ contract: token, role: "admin", targetAccountAddress: account.address })))
    throw new Error(`${account.address} is not the admin of the token at ${tokenAddress}: it cannot grant MINTER_ROLE`);
  const maxRewards = options.maxRewards ?? DEFAULT_MAX_REWARDS;
  const deployment = await prepareRewardsDeployment(client, chain, {
    admin: account.address,
    token: tokenAddress,
    maxRewards,
  });
  const rewardsAddress = await deploy(deployment, account, "TuBERewards");

  // Never two minters: any other goes first.
  for (const minter of (await tokenRoleHolders(token)).minters)
    await sendAndConfirm(revokeRole({ contract: token, role: "minter", targetAccountAddress: minter }), account);
  const rewards = tokenContract(options.rpcUrl, options.chainId, rewardsAddress);
  await sendAndConfirm(grantRole({ contract: token, role: "minter", targetAccountAddress: rewardsAddress }), account);
  await sendAndConfirm(
    grantRole({ contract: rewards, role: REWARDER_ROLE, targetAccountAddress: options.rewarder }),
    account,
  );
  return rewardsAddress;
}

function deployer(options: DeployTokenOptions) {
  const { client, chain } = localChain(options.rpcUrl, options.chainId);
  return { client, chain, account: privateKeyToAccount({ client, privateKey: options.deployerKey }) };
}

async function deploy(deployment: PreparedTransaction, account: Account, name: string) {
  // Not thirdweb's deployContract: its block poller is per chain id (see receiptOf).
  const { contractAddress } = await sendAndConfirm(deployment, account);
  if (!contractAddress) throw new Error(`the ${name} deployment created no contract`);
  return contractAddress;
}
