/** `npm run deploy-token`: TuBE and its TuBERewards deployed or adopted, roles set; talks only to the RPC. */
import {
  eth_getCode,
  prepareContractCall,
  readContract,
  sendAndConfirmTransaction,
  type PreparedTransaction,
  type ThirdwebContract,
} from "thirdweb";
import { grantRole, hasRole, renounceRole, revokeRole } from "thirdweb/extensions/permissions";
import { privateKeyToAccount } from "thirdweb/wallets/private-key";
import { ARBITRUM_ONE_CHAIN_ID, REWARD_TOKENS } from "@tube/common/constants";
import {
  isBuiltCode,
  prepareRewardsDeployment,
  prepareTokenDeployment,
  REWARDER_ROLE,
  tokenRoleHolders,
} from "@tube/local-world/deploy-token";
import { operatorSettingsSchema, parseSettings, settingsSchema } from "@tube/backend/config";
import { chainHandles, defineCommand, parseAddress, readRewardsView, rewardsProblem } from "./cli.ts";

const USAGE = `Usage: npm run deploy-token -- [--token <address>] [--rewards <address>] [--retire <address>]...
                              [--max-rewards <n>] [--renounce-admin]

Deploys (or adopts) TuBE and a TuBERewards paying ${REWARD_TOKENS} TuBE once per wallet, makes it the token's only minter
and ENGINE_SERVER_WALLET its rewarder, and prints the .env lines to set (docs/deploy.md, step by step).

  --token, --rewards    adopt this TuBE / TuBERewards (its token is adopted with it)
  --retire <address>    an older minter to revoke (repeatable); every minter but ENGINE_SERVER_WALLET must be named
  --max-rewards <n>     the rewards contract's cap on wallets (default MAX_TOTAL_CLAIMS); changes an adopted one's
  --renounce-admin      afterwards, the deployer gives up DEFAULT_ADMIN_ROLE on both contracts

Environment (or .env): RPC_URL, ENGINE_SERVER_WALLET, CHAIN_ID (default ${ARBITRUM_ONE_CHAIN_ID}), MAX_TOTAL_CLAIMS,
and DEPLOYER_PRIVATE_KEY to send anything (never a flag, so it stays out of shell history).`;

const SETTINGS = settingsSchema
  .pick({ RPC_URL: true, CHAIN_ID: true, ENGINE_SERVER_WALLET: true, MAX_TOTAL_CLAIMS: true })
  .extend(operatorSettingsSchema.shape);

const OPTIONS = {
  token: { type: "string" },
  rewards: { type: "string" },
  retire: { type: "string", multiple: true },
  "max-rewards": { type: "string" },
  "renounce-admin": { type: "boolean" },
} as const;

export const deployTokenCommand = defineCommand({ usage: USAGE, options: OPTIONS }, async ({ values }, io) => {
  const settings = parseSettings(SETTINGS, io.env);
  const serverWallet = settings.ENGINE_SERVER_WALLET;
  const retire = (values.retire ?? []).map((address) => parseAddress("--retire", address));
  const rewardsFlag = parseAddress("--rewards", values.rewards);
  let tokenAddress = parseAddress("--token", values.token);
  const maxRewardsFlag =
    values["max-rewards"] === undefined ? undefined : count("--max-rewards", values["max-rewards"]);
  const budget = settings.MAX_TOTAL_CLAIMS === undefined ? undefined : BigInt(settings.MAX_TOTAL_CLAIMS);
  // Settled before any transaction, so a missing cap never leaves a token without its rewards contract.
  const maxRewards = maxRewardsFlag ?? budget;
  if (!rewardsFlag && maxRewards === undefined)
    throw new Error(
      "deploying the rewards contract needs its cap: pass --max-rewards <n> (the most wallets it ever rewards) or set MAX_TOTAL_CLAIMS to a number",
    );

  const { client, chain, rpc, at } = chainHandles(settings);
  const served = Number(await rpc({ method: "eth_chainId" }));
  if (served !== settings.CHAIN_ID)
    throw new Error(`RPC_URL serves chain ${served}, not CHAIN_ID ${settings.CHAIN_ID}`);
  io.out(`chain ${settings.CHAIN_ID} at ${new URL(settings.RPC_URL).origin}`);
  const key = settings.DEPLOYER_PRIVATE_KEY as `0x${string}` | undefined;
  const account = key && privateKeyToAccount({ client, privateKey: key });
  const deployer = () => {
    if (!account) throw new Error("DEPLOYER_PRIVATE_KEY (0x + 64 hex digits) is required for this step");
    return account;
  };
  const confirm = (transaction: PreparedTransaction) => sendAndConfirmTransaction({ transaction, account: deployer() });
  const send = async (transaction: PreparedTransaction, done: string) =>
    io.out(`${done} (tx ${(await confirm(transaction)).transactionHash})`);
  const deploy = async (transaction: PreparedTransaction, what: string) => {
    const { contractAddress, transactionHash } = await confirm(transaction);
    if (!contractAddress) throw new Error(`the ${what} deployment created no contract`);
    io.out(`deployed ${what} at ${contractAddress} (tx ${transactionHash})`);
    return at(contractAddress);
  };
  const isAdmin = (contract: ThirdwebContract) =>
    hasRole({ contract, role: "admin", targetAccountAddress: deployer().address });
  const requireAdmin = async (contract: ThirdwebContract, name: string, step: string) => {
    if (!(await isAdmin(contract)))
      throw new Error(
        `${deployer().address} is not an admin of ${name} at ${contract.address}: have its admin ${step}, then run this again`,
      );
  };

  let adoptedRewards: ThirdwebContract | undefined;
  if (rewardsFlag) {
    adoptedRewards = at(rewardsFlag);
    const problem = await rewardsProblem(adoptedRewards);
    if (problem) throw new Error(problem);
    const paysOut = await readContract({ contract: adoptedRewards, method: "function token() view returns (address)" });
    if (tokenAddress && !same(tokenAddress, paysOut))
      throw new Error(
        `the rewards contract at ${rewardsFlag} mints the token at ${paysOut}, not --token ${tokenAddress}`,
      );
    if (retire.some((address) => same(address, rewardsFlag)))
      throw new Error(`--retire names ${rewardsFlag}, the rewards contract being set up`);
    tokenAddress = paysOut;
  }

  let token: ThirdwebContract;
  let revoke: string[] = [];
  if (tokenAddress) {
    if ((await eth_getCode(rpc, { address: tokenAddress })) === "0x")
      throw new Error(`no TuBE contract at ${tokenAddress} on chain ${settings.CHAIN_ID}`);
    token = at(tokenAddress);
    io.out(`adopted TuBE at ${token.address}`);
    const { minters } = await tokenRoleHolders(token);
    revoke = minters.filter((minter) => !adoptedRewards || !same(minter, adoptedRewards.address));
    const unnamed = revoke.filter((m) => !same(m, serverWallet) && !retire.some((old) => same(old, m)));
    if (unnamed.length > 0)
      throw new Error(
        `TuBE at ${token.address} has another minter: ${unnamed.join(", ")}. Two minters can pay a wallet twice, once through each: drain its unfinished claims, then run this again with --retire ${unnamed.join(" --retire ")} (see --help)`,
      );
    if (revoke.length > 0) await requireAdmin(token, "TuBE", `revoke MINTER_ROLE from ${revoke.join(", ")}`);
  } else {
    if (retire.length > 0) throw new Error("--retire needs an adopted token: a token deployed now has no other minter");
    token = await deploy(await prepareTokenDeployment(client, chain, deployer().address), "TuBE");
  }

  let rewards: ThirdwebContract;
  if (adoptedRewards) {
    rewards = adoptedRewards;
    io.out(`adopted TuBERewards at ${rewards.address}`);
    const current = await readRewardsView(rewards, "maxRewards");
    if (maxRewardsFlag !== undefined && maxRewardsFlag !== current)
      await send(setMaxRewards(rewards, maxRewardsFlag), `changed maxRewards from ${current} to ${maxRewardsFlag}`);
  } else {
    const deployment = await prepareRewardsDeployment(client, chain, {
      admin: deployer().address,
      token: token.address,
      maxRewards: maxRewards as bigint,
    });
    rewards = await deploy(deployment, "TuBERewards");
  }

  // Before the new minter is granted: a run cut short leaves no minter (rewards wait), never two.
  for (const minter of revoke) {
    const done = same(minter, serverWallet)
      ? `revoked MINTER_ROLE on TuBE from ${serverWallet}: it mints only through TuBERewards now`
      : `retired ${minter}: revoked its MINTER_ROLE on TuBE`;
    await send(revokeRole({ contract: token, role: "minter", targetAccountAddress: minter }), done);
  }
  for (const old of retire) {
    if (!(await isBuiltCode("TuBERewards", await eth_getCode(rpc, { address: old })))) continue;
    const retired = at(old);
    if (!(await isAdmin(retired))) {
      io.out(
        `${deployer().address} is not an admin of the retired TuBERewards at ${old}: it can no longer mint, but its cap and ENGINE_SERVER_WALLET's REWARDER_ROLE stay until its admin removes them`,
      );
      continue;
    }
    if ((await readRewardsView(retired, "maxRewards")) !== 0n)
      await send(setMaxRewards(retired, 0n), `retired ${old}: set its maxRewards to 0`);
    if (await hasRole({ contract: retired, role: REWARDER_ROLE, targetAccountAddress: serverWallet }))
      await send(
        revokeRole({ contract: retired, role: REWARDER_ROLE, targetAccountAddress: serverWallet }),
        `retired ${old}: revoked REWARDER_ROLE on it from ${serverWallet}`,
      );
  }

  const grants = [
    { contract: token, name: "TuBE", role: "minter", roleName: "MINTER_ROLE", account: rewards.address },
    { contract: rewards, name: "TuBERewards", role: REWARDER_ROLE, roleName: "REWARDER_ROLE", account: serverWallet },
  ];
  for (const { contract, name, role, roleName, account } of grants) {
    if (await hasRole({ contract, role, targetAccountAddress: account })) {
      io.out(`${account} already holds ${roleName} on ${name}`);
      continue;
    }
    await requireAdmin(contract, name, `grant ${roleName} to ${account}`);
    await send(
      grantRole({ contract, role, targetAccountAddress: account }),
      `granted ${roleName} on ${name} to ${account}`,
    );
  }

  if (values["renounce-admin"]) {
    const { address } = deployer();
    for (const [name, contract] of Object.entries({ TuBE: token, TuBERewards: rewards })) {
      if (await isAdmin(contract))
        await send(
          renounceRole({ contract, role: "admin", targetAccountAddress: address }),
          `${address} renounced DEFAULT_ADMIN_ROLE on ${name}`,
        );
      else io.out(`${address} holds no DEFAULT_ADMIN_ROLE on ${name} to renounce`);
    }
  }

  const { minters, admins } = await tokenRoleHolders(token);
  io.out(`TuBE's minters: ${minters.join(", ") || "none"}; admins: ${admins.join(", ") || "none (renounced)"}`);
  if (minters.length !== 1 || !same(minters[0]!, rewards.address))
    throw new Error(`TuBE's minters are not the rewards contract ${rewards.address} alone: run this again`);

  const [cap, paid] = await Promise.all([
    readRewardsView(rewards, "maxRewards"),
    readRewardsView(rewards, "rewardsPaid"),
  ]);
  io.out(`TuBERewards has rewarded ${paid} of at most ${cap} wallets, ${REWARD_TOKENS} TuBE each`);
  io.out(`\nTuBE token: ${token.address} (the server reads it from the rewards contract)`);
  io.out(`\nSet in .env:\nCHAIN_ID=${settings.CHAIN_ID}\nREWARDS_ADDRESS=${rewards.address}`);
  io.out(`ENGINE_SERVER_WALLET=${serverWallet}`);
  if (budget !== undefined && cap < budget)
    io.err(
      `\n!!! WARNING !!!\nmaxRewards (${cap}) is below MAX_TOTAL_CLAIMS (${budget}): claims past ${cap} rewards will fail on chain.`,
    );
  return true;
});

function count(name: string, value: string) {
  if (!/^\d+$/.test(value) || BigInt(value) === 0n) throw new Error(`${name} must be a positive whole number`);
  return BigInt(value);
}

function same(a: string, b: string) {
  return a.toLowerCase() === b.toLowerCase();
}

function setMaxRewards(rewards: ThirdwebContract, newMax: bigint) {
  return prepareContractCall({ contract: rewards, method: "function setMaxRewards(uint256 newMax)", params: [newMax] });
}
