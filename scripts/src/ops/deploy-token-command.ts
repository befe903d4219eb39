/**
 * `npm run deploy-token`: deploys TuBE and its TuBERewards contract (or adopts deployed ones), makes the rewards
 * contract the token's only minter and the Engine server wallet its rewarder, optionally renounces the deployer's
 * admin roles, and prints the .env lines to set.
 * Talks only to the chain's RPC: no stand-in, no thirdweb account.
 */
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
import {
  isTuBERewardsCode,
  prepareRewardsDeployment,
  prepareTokenDeployment,
  REWARDER_ROLE,
} from "@tube/local-world/deploy-token";
import { operatorSettingsSchema, parseSettings, settingsSchema } from "@tube/backend/config";
import { defineCommand } from "./cli.ts";
import { ROLE_HISTORY_SETTINGS, ROLE_HISTORY_USAGE, roleHistoryFrom, tokenRoleHolders } from "./token-roles.ts";

const USAGE = `Usage: npm run deploy-token -- [--token <address>] [--rewards <address>] [--retire <address>]...
                              [--max-rewards <n>] [--renounce-admin]

Deploys the TuBE token with DEPLOYER_PRIVATE_KEY (it becomes the admin), or adopts --token <address>, and a
TuBERewards contract for it that pays ${REWARD_TOKENS} TuBE at most once per wallet, or adopts --rewards <address>.
Then makes the rewards contract the token's only minter: grants it MINTER_ROLE on the token, grants REWARDER_ROLE on
it to ENGINE_SERVER_WALLET, and revokes MINTER_ROLE on the token from ENGINE_SERVER_WALLET where an older setup gave
it (the server wallet could otherwise mint around the once-per-wallet gate). Prints the .env lines to set.
The token never keeps two minters: each would pay a wallet once, so a wallet could be paid twice. When an adopted
token has another minter (an older rewards contract), this refuses, naming it, before sending anything, unless
--retire names it. Drain the old contract's unfinished claims before retiring it (docs/deploy.md).

Options:
  --token <address>     adopt this deployed TuBE instead of deploying a new one
  --rewards <address>   adopt this deployed TuBERewards instead of deploying a new one (its token is the one adopted);
                        its runtime code must be contracts/TuBERewards.sol's as built here
  --retire <address>    an older minter of the token to retire first (repeat for several): it loses MINTER_ROLE on
                        the token and, if it is a TuBERewards, its cap becomes 0 and ENGINE_SERVER_WALLET loses
                        REWARDER_ROLE on it
  --max-rewards <n>     the most wallets the rewards contract ever rewards: needed to deploy one (default
                        MAX_TOTAL_CLAIMS); on an adopted one, sets its cap to n
  --renounce-admin      afterwards, the deployer gives up DEFAULT_ADMIN_ROLE on both contracts (nobody can grant
                        roles or change the cap again)
  -h, --help            this text

Environment (or .env):
  RPC_URL               the chain's JSON-RPC endpoint (required)
  CHAIN_ID              default ${ARBITRUM_ONE_CHAIN_ID} (Arbitrum One), or 421614 (Arbitrum Sepolia) for a rehearsal
  ENGINE_SERVER_WALLET  the Engine Cloud server wallet that calls reward(address) (required)
  MAX_TOTAL_CLAIMS      the server's claim budget: --max-rewards when that is not given (unlimited: no default)
  DEPLOYER_PRIVATE_KEY  0x… key of a funded account: needed to deploy, grant, revoke or renounce (never a flag, so
                        it stays out of shell history)
${ROLE_HISTORY_USAGE}`;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The server's settings this command shares, read by the server's rules, and the deployer's key. */
const SETTINGS = settingsSchema
  .pick({ RPC_URL: true, CHAIN_ID: true, ENGINE_SERVER_WALLET: true, MAX_TOTAL_CLAIMS: true })
  .extend({
    DEPLOYER_PRIVATE_KEY: operatorSettingsSchema.shape.DEPLOYER_PRIVATE_KEY,
    ...ROLE_HISTORY_SETTINGS.shape,
  });

export const deployTokenCommand = defineCommand(
  {
    usage: USAGE,
    options: {
      token: { type: "string" },
      rewards: { type: "string" },
      retire: { type: "string", multiple: true },
      "max-rewards": { type: "string" },
      "renounce-admin": { type: "boolean" },
    },
  },
  async ({ values }, io) => {
    const settings = parseSettings(SETTINGS, io.env);
    const { RPC_URL: rpcUrl, CHAIN_ID: chainId, ENGINE_SERVER_WALLET: serverWallet } = settings;
    const retire = values.retire ?? [];
    for (const [flag, value] of [
      ["token", values.token],
      ["rewards", values.rewards],
      ...retire.map((address) => ["retire", address]),
    ]) {
      if (value !== undefined && !ADDRESS.test(value))
        throw new Error(`--${flag} must be a 0x-prefixed 20-byte address`);
    }
    const history = roleHistoryFrom(settings);
    const maxRewardsFlag =
      values["max-rewards"] === undefined ? undefined : count("--max-rewards", values["max-rewards"]);
    const budget = settings.MAX_TOTAL_CLAIMS === undefined ? undefined : BigInt(settings.MAX_TOTAL_CLAIMS);
    // Settled before any transaction, so a missing cap never leaves a token deployed without its rewards contract.
    const maxRewards = maxRewardsFlag ?? budget;
    if (!values.rewards && maxRewards === undefined) {
      throw new Error(
        "deploying the rewards contract needs its cap: pass --max-rewards <n> (the most wallets it ever rewards) or set MAX_TOTAL_CLAIMS to a number",
      );
    }

    // The SDK asks for a client id; every call goes to RPC_URL, never to thirdweb.
    const client = createThirdwebClient({ clientId: "tube-deploy-token" });
    const chain = defineChain({ id: chainId, rpc: rpcUrl });
    const rpc = getRpcClient({ client, chain });
    const served = Number(await rpc({ method: "eth_chainId" }));
    if (served !== chainId) throw new Error(`RPC_URL serves chain ${served}, not CHAIN_ID ${chainId}`);
    io.out(`chain ${chainId} at ${new URL(rpcUrl).origin}`);

    const deployerKey = settings.DEPLOYER_PRIVATE_KEY;
    const deployerAccount = deployerKey
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
    const deploy = async (transaction: PreparedTransaction, what: string) => {
      const receipt = await send(transaction);
      if (!receipt.contractAddress)
        throw new Error(`the ${what} deployment transaction ${receipt.transactionHash} created no contract`);
      io.out(`deployed ${what} at ${receipt.contractAddress} (tx ${receipt.transactionHash})`);
      return { contract: getContract({ client, chain, address: receipt.contractAddress }), block: receipt.blockNumber };
    };
    const requireAdmin = async (contract: ThirdwebContract, name: string, step: string) => {
      if (!(await hasRole({ contract, role: "admin", targetAccountAddress: deployer().address })))
        throw new Error(
          `${deployer().address} is not an admin of ${name} at ${contract.address}: have its admin ${step}, then run this again`,
        );
    };
    const runsTuBERewards = async (address: string) => isTuBERewardsCode(await eth_getCode(rpc, { address }));

    let adoptedRewards: ThirdwebContract | undefined;
    let tokenAddress = values.token;
    if (values.rewards) {
      adoptedRewards = await contractAt(values.rewards, "TuBERewards");
      if (!(await runsTuBERewards(values.rewards)))
        throw new Error(
          `the contract at ${values.rewards} is not a TuBERewards: its runtime code is not contracts/TuBERewards.sol's as built here`,
        );
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

    if (adoptedRewards && retire.some((address) => sameAddress(address, adoptedRewards.address)))
      throw new Error(`--retire names ${adoptedRewards.address}, the rewards contract being set up`);

    let token: ThirdwebContract;
    let tokenDeployBlock = settings.TOKEN_DEPLOY_BLOCK;
    if (tokenAddress) {
      token = await contractAt(tokenAddress, "TuBE");
      io.out(`adopted TuBE at ${token.address}`);
      const { minters, searched } = await tokenRoleHolders({ client, chain }, token.address, history);
      io.out(
        `read the token's role events in blocks ${searched.fromBlock}–${searched.toBlock} (eth_getLogs × ${searched.requests})`,
      );
      // The server wallet's MINTER_ROLE, from a setup older than the rewards contract, is revoked below regardless.
      const known = [serverWallet, ...retire, ...(adoptedRewards ? [adoptedRewards.address] : [])];
      const unnamed = minters.filter((minter) => !known.some((address) => sameAddress(address, minter)));
      if (unnamed.length > 0)
        throw new Error(
          `TuBE at ${token.address} has another minter: ${unnamed.join(", ")}. Two minters can pay a wallet twice, once through each: drain its unfinished claims, then run this again with --retire ${unnamed.join(" --retire ")} (see --help)`,
        );
    } else {
      if (retire.length > 0)
        throw new Error("--retire needs an adopted token: a token deployed now has no other minter");
      const deployed = await deploy(await prepareTokenDeployment(client, chain, deployer().address), "TuBE");
      token = deployed.contract;
      tokenDeployBlock = deployed.block;
    }

    let rewards: ThirdwebContract;
    if (adoptedRewards) {
      rewards = adoptedRewards;
      io.out(`adopted TuBERewards at ${rewards.address}`);
      const current = await readMaxRewards(rewards);
      if (maxRewardsFlag !== undefined && maxRewardsFlag !== current) {
        const receipt = await send(setMaxRewards(rewards, maxRewardsFlag));
        io.out(`changed maxRewards from ${current} to ${maxRewardsFlag} (tx ${receipt.transactionHash})`);
      }
    } else {
      const deployment = await prepareRewardsDeployment(client, chain, {
        admin: deployer().address,
        token: token.address,
        maxRewards: maxRewards as bigint,
      });
      rewards = (await deploy(deployment, "TuBERewards")).contract;
    }

    // Before the new minter is granted: a run cut short leaves no minter (rewards wait), never two.
    for (const old of retire) {
      if (await hasRole({ contract: token, role: "minter", targetAccountAddress: old })) {
        await requireAdmin(token, "TuBE", `revoke MINTER_ROLE from ${old}`);
        const receipt = await send(revokeRole({ contract: token, role: "minter", targetAccountAddress: old }));
        io.out(`retired ${old}: revoked its MINTER_ROLE on TuBE (tx ${receipt.transactionHash})`);
      } else {
        io.out(`${old} holds no MINTER_ROLE on TuBE`);
      }
      if (!(await runsTuBERewards(old))) continue;
      const retired = getContract({ client, chain, address: old });
      if (!(await hasRole({ contract: retired, role: "admin", targetAccountAddress: deployer().address }))) {
        io.out(
          `${deployer().address} is not an admin of the retired TuBERewards at ${old}: it can no longer mint, but its cap and ENGINE_SERVER_WALLET's REWARDER_ROLE stay until its admin removes them`,
        );
        continue;
      }
      if ((await readMaxRewards(retired)) !== 0n) {
        const receipt = await send(setMaxRewards(retired, 0n));
        io.out(`retired ${old}: set its maxRewards to 0 (tx ${receipt.transactionHash})`);
      }
      if (await hasRole({ contract: retired, role: REWARDER_ROLE, targetAccountAddress: serverWallet })) {
        const receipt = await send(
          revokeRole({ contract: retired, role: REWARDER_ROLE, targetAccountAddress: serverWallet }),
        );
        io.out(`retired ${old}: revoked REWARDER_ROLE on it from ${serverWallet} (tx ${receipt.transactionHash})`);
      }
    }

    const roles = [
      { contract: token, name: "TuBE", role: "minter", roleName: "MINTER_ROLE", account: rewards.address },
      { contract: rewards, name: "TuBERewards", role: REWARDER_ROLE, roleName: "REWARDER_ROLE", account: serverWallet },
    ];
    for (const { contract, name, role, roleName, account } of roles) {
      if (await hasRole({ contract, role, targetAccountAddress: account })) {
        io.out(`${account} already holds ${roleName} on ${name}`);
        continue;
      }
      await requireAdmin(contract, name, `grant ${roleName} to ${account}`);
      const receipt = await send(grantRole({ contract, role, targetAccountAddress: account }));
      io.out(`granted ${roleName} on ${name} to ${account} (tx ${receipt.transactionHash})`);
    }

    const warnings: string[] = [];
    if (await hasRole({ contract: token, role: "minter", targetAccountAddress: serverWallet })) {
      if (
        deployerAccount &&
        (await hasRole({ contract: token, role: "admin", targetAccountAddress: deployerAccount.address }))
      ) {
        const receipt = await send(revokeRole({ contract: token, role: "minter", targetAccountAddress: serverWallet }));
        io.out(
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
          io.out(`${account.address} holds no DEFAULT_ADMIN_ROLE on ${name} to renounce`);
          continue;
        }
        const receipt = await send(renounceRole({ contract, role: "admin", targetAccountAddress: account.address }));
        io.out(`${account.address} renounced DEFAULT_ADMIN_ROLE on ${name} (tx ${receipt.transactionHash})`);
      }
    }

    const cap = await readMaxRewards(rewards);
    const paid = await readContract({ contract: rewards, method: "function rewardsPaid() view returns (uint256)" });
    io.out(`TuBERewards has rewarded ${paid} of at most ${cap} wallets, ${REWARD_TOKENS} TuBE each`);
    if (budget !== undefined && cap < budget) {
      warnings.push(
        `maxRewards (${cap}) is below MAX_TOTAL_CLAIMS (${budget}): claims past ${cap} rewards will fail on chain.`,
      );
    }

    io.out(`\nTuBE token: ${token.address} (the server reads it from the rewards contract)`);
    io.out("\nSet in .env:");
    io.out(`CHAIN_ID=${chainId}`);
    io.out(`REWARDS_ADDRESS=${rewards.address}`);
    io.out(`ENGINE_SERVER_WALLET=${serverWallet}`);
    if (tokenDeployBlock !== undefined) io.out(`TOKEN_DEPLOY_BLOCK=${tokenDeployBlock}`);
    if (warnings.length > 0) io.err(`\n!!! WARNING !!!\n${warnings.join("\n")}`);
    return true;
  },
);

function count(name: string, value: string): bigint {
  if (!/^\d+$/.test(value) || BigInt(value) === 0n) throw new Error(`${name} must be a positive whole number`);
  return BigInt(value);
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function setMaxRewards(rewards: ThirdwebContract, newMax: bigint): PreparedTransaction {
  return prepareContractCall({ contract: rewards, method: "function setMaxRewards(uint256 newMax)", params: [newMax] });
}

function readMaxRewards(rewards: ThirdwebContract): Promise<bigint> {
  return readContract({ contract: rewards, method: "function maxRewards() view returns (uint256)" });
}
