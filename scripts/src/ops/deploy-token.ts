/**
 * `npm run deploy-token`: deploys TuBE and its TuBERewards contract (or adopts deployed ones), makes the rewards
 * contract the token's only minter and the Engine server wallet its rewarder, optionally renounces the deployer's
 * admin roles, and prints the .env lines to set.
 * Talks only to the chain's RPC: no stand-in, no thirdweb account.
 */
import "dotenv/config";
import {
  createThirdwebClient,
  defineChain,
  eth_getCode,
  getContract,
  getRpcClient,
  prepareContractCall,
  readContract,
  sendAndConfirmTransaction,
  type PreparedTransaction,
  type ThirdwebContract,
} from "thirdweb";
import { grantRole, hasRole, renounceRole, revokeRole } from "thirdweb/extensions/permissions";
import { privateKeyToAccount, type Account } from "thirdweb/wallets";
import { ARBITRUM_ONE_CHAIN_ID, REWARD_AMOUNT_WEI, REWARD_TOKENS } from "@tube/common/constants";
import { prepareRewardsDeployment, prepareTokenDeployment, REWARDER_ROLE } from "@tube/local-world/deploy-token";
import { runCommand } from "./cli.ts";

const USAGE = `Usage: npm run deploy-token -- [--token <address>] [--rewards <address>] [--max-rewards <n>] [--renounce-admin]

Deploys the TuBE token with DEPLOYER_PRIVATE_KEY (it becomes the admin), or adopts --token <address>, and a
TuBERewards contract for it that pays ${REWARD_TOKENS} TuBE at most once per wallet, or adopts --rewards <address>.
Then makes the rewards contract the token's only minter: grants it MINTER_ROLE on the token, grants REWARDER_ROLE on
it to ENGINE_SERVER_WALLET, and revokes MINTER_ROLE on the token from ENGINE_SERVER_WALLET where an older setup gave
it (the server wallet could otherwise mint around the once-per-wallet gate). Prints the .env lines to set.

Options:
  --token <address>     adopt this deployed TuBE instead of deploying a new one
  --rewards <address>   adopt this deployed TuBERewards instead of deploying a new one (its token is the one adopted)
  --max-rewards <n>     the most wallets the rewards contract ever rewards: needed to deploy one (default
                        MAX_TOTAL_CLAIMS); on an adopted one, sets its cap to n
  --renounce-admin      afterwards, the deployer gives up DEFAULT_ADMIN_ROLE on both contracts (nobody can grant
                        roles or change the cap again)
  -h, --help            this text

Environment (or .env):
  RPC_URL               the chain's JSON-RPC endpoint (required)
  CHAIN_ID              default ${ARBITRUM_ONE_CHAIN_ID} (Arbitrum One); another id needs ALLOW_OTHER_CHAIN=true
  ENGINE_SERVER_WALLET  the Engine Cloud server wallet that calls reward(address) (required)
  MAX_TOTAL_CLAIMS      the server's claim budget: --max-rewards when that is not given (unlimited: no default)
  DEPLOYER_PRIVATE_KEY  0x… key of a funded account: needed to deploy, grant, revoke or renounce (never a flag, so
                        it stays out of shell history)`;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

await runCommand(
  {
    usage: USAGE,
    options: {
      token: { type: "string" },
      rewards: { type: "string" },
      "max-rewards": { type: "string" },
      "renounce-admin": { type: "boolean" },
    },
  },
  async ({ values }) => {
    const rpcUrl = need("RPC_URL");
    const chainId = Number(process.env.CHAIN_ID || ARBITRUM_ONE_CHAIN_ID);
    const serverWallet = need("ENGINE_SERVER_WALLET");
    if (!ADDRESS.test(serverWallet)) throw new Error("ENGINE_SERVER_WALLET must be a 0x-prefixed 20-byte address");
    if (chainId !== ARBITRUM_ONE_CHAIN_ID && process.env.ALLOW_OTHER_CHAIN !== "true") {
      throw new Error(
        `CHAIN_ID is ${chainId}, not Arbitrum One (${ARBITRUM_ONE_CHAIN_ID}); set ALLOW_OTHER_CHAIN=true if that is meant`,
      );
    }
    for (const flag of ["token", "rewards"] as const) {
      const value = values[flag];
      if (value !== undefined && !ADDRESS.test(value))
        throw new Error(`--${flag} must be a 0x-prefixed 20-byte address`);
    }
    const maxRewardsFlag =
      values["max-rewards"] === undefined ? undefined : count("--max-rewards", values["max-rewards"]);
    const budgetSetting = process.env.MAX_TOTAL_CLAIMS;
    const budget =
      budgetSetting && budgetSetting !== "unlimited" ? count("MAX_TOTAL_CLAIMS", budgetSetting) : undefined;
    // Settled before any transaction, so a missing cap never leaves a token deployed without its rewards contract.
    const maxRewards = maxRewardsFlag ?? budget;
    if (!values.rewards && maxRewards === undefined) {
      throw new Error(
        "deploying the rewards contract needs its cap: pass --max-rewards <n> (the most wallets it ever rewards) or set MAX_TOTAL_CLAIMS to a number",
      );
    }

    // A thirdweb client id is required by the SDK's types; calls go to RPC_URL only, never to thirdweb.
    const client = createThirdwebClient({ clientId: process.env.THIRDWEB_CLIENT_ID || "tube-deploy-token" });
    const chain = defineChain({ id: chainId, rpc: rpcUrl });
    const rpc = getRpcClient({ client, chain });
    const served = Number(await rpc({ method: "eth_chainId" }));
    if (served !== chainId) throw new Error(`RPC_URL serves chain ${served}, not CHAIN_ID ${chainId}`);
    console.log(`chain ${chainId} at ${new URL(rpcUrl).origin}`);

    const deployerKey = process.env.DEPLOYER_PRIVATE_KEY;
    const deployerAccount =
      deployerKey && /^0x[0-9a-fA-F]{64}$/.test(deployerKey)
        ? privateKeyToAccount({ client, privateKey: deployerKey as `0x${string}` })
        : undefined;
    const deployer = (): Account => {
      if (!deployerAccount) throw new Error("DEPLOYER_PRIVATE_KEY (0x + 64 hex digits) is required for this step");
      return deployerAccount;
    };
    const send = (transaction: PreparedTransaction) => sendAndConfirmTransaction({ transaction, account: deployer() });
    const contractAt = async (address: string, what: string): Promise<ThirdwebContract> => {
      if ((await eth_getCode(rpc, { address })) === "0x")
        throw new Error(`no ${what} contract at ${address} on chain ${chainId}`);
      return getContract({ client, chain, address });
    };
    const deploy = async (transaction: PreparedTransaction, what: string): Promise<ThirdwebContract> => {
      const receipt = await send(transaction);
      if (!receipt.contractAddress)
        throw new Error(`the ${what} deployment transaction ${receipt.transactionHash} created no contract`);
      console.log(`deployed ${what} at ${receipt.contractAddress} (tx ${receipt.transactionHash})`);
      return getContract({ client, chain, address: receipt.contractAddress });
    };

    let adoptedRewards: ThirdwebContract | undefined;
    let tokenAddress = values.token;
    if (values.rewards) {
      adoptedRewards = await contractAt(values.rewards, "TuBERewards");
      const paysOut = await readContract({
        contract: adoptedRewards,
        method: "function token() view returns (address)",
      });
      if (tokenAddress && tokenAddress.toLowerCase() !== paysOut.toLowerCase())
        throw new Error(
          `the rewards contract at ${values.rewards} mints the token at ${paysOut}, not --token ${tokenAddress}`,
        );
      const amount = await readContract({
        contract: adoptedRewards,
        method: "function rewardAmount() view returns (uint256)",
      });
      if (amount !== REWARD_AMOUNT_WEI)
        throw new Error(
          `the rewards contract at ${values.rewards} pays ${amount} wei, not ${REWARD_AMOUNT_WEI} (${REWARD_TOKENS} TuBE)`,
        );
      tokenAddress = paysOut;
    }

    let token: ThirdwebContract;
    if (tokenAddress) {
      token = await contractAt(tokenAddress, "TuBE");
      console.log(`adopted TuBE at ${token.address}`);
    } else {
      token = await deploy(await prepareTokenDeployment(client, chain, deployer().address), "TuBE");
    }

    let rewards: ThirdwebContract;
    if (adoptedRewards) {
      rewards = adoptedRewards;
      console.log(`adopted TuBERewards at ${rewards.address}`);
      const current = await readMaxRewards(rewards);
      if (maxRewardsFlag !== undefined && maxRewardsFlag !== current) {
        const setMax = prepareContractCall({
          contract: rewards,
          method: "function setMaxRewards(uint256 newMax)",
          params: [maxRewardsFlag],
        });
        const receipt = await send(setMax);
        console.log(`changed maxRewards from ${current} to ${maxRewardsFlag} (tx ${receipt.transactionHash})`);
      }
    } else {
      const deployment = await prepareRewardsDeployment(client, chain, {
        admin: deployer().address,
        token: token.address,
        maxRewards: maxRewards as bigint,
      });
      rewards = await deploy(deployment, "TuBERewards");
    }

    const roles = [
      { contract: token, name: "TuBE", role: "minter", roleName: "MINTER_ROLE", account: rewards.address },
      { contract: rewards, name: "TuBERewards", role: REWARDER_ROLE, roleName: "REWARDER_ROLE", account: serverWallet },
    ];
    for (const { contract, name, role, roleName, account } of roles) {
      if (await hasRole({ contract, role, targetAccountAddress: account })) {
        console.log(`${account} already holds ${roleName} on ${name}`);
        continue;
      }
      if (!(await hasRole({ contract, role: "admin", targetAccountAddress: deployer().address })))
        throw new Error(
          `${deployer().address} is not an admin of ${name} at ${contract.address}: have its admin grant ${roleName} to ${account}, then run this again`,
        );
      const receipt = await send(grantRole({ contract, role, targetAccountAddress: account }));
      console.log(`granted ${roleName} on ${name} to ${account} (tx ${receipt.transactionHash})`);
    }

    const warnings: string[] = [];
    if (await hasRole({ contract: token, role: "minter", targetAccountAddress: serverWallet })) {
      if (
        deployerAccount &&
        (await hasRole({ contract: token, role: "admin", targetAccountAddress: deployerAccount.address }))
      ) {
        const receipt = await send(revokeRole({ contract: token, role: "minter", targetAccountAddress: serverWallet }));
        console.log(
          `revoked MINTER_ROLE on TuBE from ${serverWallet}: it mints only through TuBERewards now (tx ${receipt.transactionHash})`,
        );
      } else {
        warnings.push(
          `ENGINE_SERVER_WALLET ${serverWallet} still holds MINTER_ROLE on TuBE, and DEPLOYER_PRIVATE_KEY ${deployerAccount ? "is not the token's admin" : "is unset"}, so it was not revoked.`,
          "The server wallet can mint around TuBERewards: the once-per-wallet gate CAN BE BYPASSED.",
          `Have the token's admin call revokeRole(MINTER_ROLE, ${serverWallet}) on ${token.address}.`,
        );
      }
    }

    if (values["renounce-admin"]) {
      const account = deployer();
      for (const { contract, name } of [
        { contract: token, name: "TuBE" },
        { contract: rewards, name: "TuBERewards" },
      ]) {
        if (!(await hasRole({ contract, role: "admin", targetAccountAddress: account.address }))) {
          console.log(`${account.address} holds no DEFAULT_ADMIN_ROLE on ${name} to renounce`);
          continue;
        }
        const receipt = await send(renounceRole({ contract, role: "admin", targetAccountAddress: account.address }));
        console.log(`${account.address} renounced DEFAULT_ADMIN_ROLE on ${name} (tx ${receipt.transactionHash})`);
      }
    }

    const cap = await readMaxRewards(rewards);
    const paid = await readContract({ contract: rewards, method: "function rewardsPaid() view returns (uint256)" });
    console.log(`TuBERewards has rewarded ${paid} of at most ${cap} wallets, ${REWARD_TOKENS} TuBE each`);
    if (budget !== undefined && cap < budget) {
      warnings.push(
        `maxRewards (${cap}) is below MAX_TOTAL_CLAIMS (${budget}): claims past ${cap} rewards will fail on chain.`,
      );
    }

    console.log("\nSet in .env:");
    console.log(`CHAIN_ID=${chainId}`);
    console.log(`TOKEN_ADDRESS=${token.address}`);
    console.log(`REWARDS_ADDRESS=${rewards.address}`);
    console.log(`ENGINE_SERVER_WALLET=${serverWallet}`);
    if (warnings.length > 0) console.error(`\n!!! WARNING !!!\n${warnings.join("\n")}`);
    return true;
  },
);

function need(key: string): string {
  const value = process.env[key]?.trim();
  if (!value) throw new Error(`${key} is required (environment or .env); see --help`);
  return value;
}

function count(name: string, value: string): bigint {
  if (!/^\d+$/.test(value) || BigInt(value) === 0n) throw new Error(`${name} must be a positive whole number`);
  return BigInt(value);
}

function readMaxRewards(rewards: ThirdwebContract): Promise<bigint> {
  return readContract({ contract: rewards, method: "function maxRewards() view returns (uint256)" });
}
