/**
 * `npm run deploy-token`: deploys TuBE (or adopts a deployed one), makes sure the Engine server wallet holds
 * MINTER_ROLE, optionally renounces the deployer's admin role, and prints the .env lines to set.
 * Talks only to the chain's RPC: no stand-in, no thirdweb account.
 */
import "dotenv/config";
import {
  createThirdwebClient,
  defineChain,
  eth_getCode,
  getContract,
  getRpcClient,
  sendAndConfirmTransaction,
} from "thirdweb";
import { grantRole, hasRole, renounceRole } from "thirdweb/extensions/permissions";
import { privateKeyToAccount, type Account } from "thirdweb/wallets";
import { ARBITRUM_ONE_CHAIN_ID } from "@tube/common/constants";
import { prepareTokenDeployment } from "@tube/local-world/deploy-token";
import { runCommand } from "./cli.ts";

const USAGE = `Usage: npm run deploy-token -- [--token <address>] [--renounce-admin]

Deploys the TuBE token with DEPLOYER_PRIVATE_KEY (it becomes the admin), or adopts --token <address>,
grants MINTER_ROLE to ENGINE_SERVER_WALLET unless it already holds it, and prints the .env lines to set.

Options:
  --token <address>   adopt this deployed TuBE instead of deploying a new one
  --renounce-admin    afterwards, the deployer gives up DEFAULT_ADMIN_ROLE (nobody can grant roles again)
  -h, --help          this text

Environment (or .env):
  RPC_URL               the chain's JSON-RPC endpoint (required)
  CHAIN_ID              default ${ARBITRUM_ONE_CHAIN_ID} (Arbitrum One); another id needs ALLOW_OTHER_CHAIN=true
  ENGINE_SERVER_WALLET  the Engine Cloud server wallet that mints (required)
  DEPLOYER_PRIVATE_KEY  0x… key of a funded account: needed to deploy, grant or renounce (never a flag, so it
                        stays out of shell history)`;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

await runCommand(
  { usage: USAGE, options: { token: { type: "string" }, "renounce-admin": { type: "boolean" } } },
  async ({ values }) => {
    const rpcUrl = need("RPC_URL");
    const chainId = Number(process.env.CHAIN_ID || ARBITRUM_ONE_CHAIN_ID);
    const minter = need("ENGINE_SERVER_WALLET");
    if (!ADDRESS.test(minter)) throw new Error("ENGINE_SERVER_WALLET must be a 0x-prefixed 20-byte address");
    if (chainId !== ARBITRUM_ONE_CHAIN_ID && process.env.ALLOW_OTHER_CHAIN !== "true") {
      throw new Error(
        `CHAIN_ID is ${chainId}, not Arbitrum One (${ARBITRUM_ONE_CHAIN_ID}); set ALLOW_OTHER_CHAIN=true if that is meant`,
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
    const deployer = (): Account => {
      if (!deployerKey || !/^0x[0-9a-fA-F]{64}$/.test(deployerKey))
        throw new Error("DEPLOYER_PRIVATE_KEY (0x + 64 hex digits) is required for this step");
      return privateKeyToAccount({ client, privateKey: deployerKey });
    };

    let tokenAddress = values.token;
    let deployBlock: bigint | undefined;
    if (tokenAddress) {
      if (!ADDRESS.test(tokenAddress)) throw new Error("--token must be a 0x-prefixed 20-byte address");
      if ((await eth_getCode(rpc, { address: tokenAddress })) === "0x")
        throw new Error(`no contract at ${tokenAddress} on chain ${chainId}`);
      console.log(`adopted TuBE at ${tokenAddress}`);
    } else {
      const account = deployer();
      const deployment = await prepareTokenDeployment(client, chain, account.address);
      const receipt = await sendAndConfirmTransaction({ transaction: deployment, account });
      if (!receipt.contractAddress)
        throw new Error(`the deployment transaction ${receipt.transactionHash} created no contract`);
      tokenAddress = receipt.contractAddress;
      deployBlock = receipt.blockNumber;
      console.log(
        `deployed TuBE at ${tokenAddress} in block ${deployBlock} (admin ${account.address}, tx ${receipt.transactionHash})`,
      );
    }

    const contract = getContract({ client, chain, address: tokenAddress });
    if (await hasRole({ contract, role: "minter", targetAccountAddress: minter })) {
      console.log(`${minter} already holds MINTER_ROLE`);
    } else {
      const receipt = await sendAndConfirmTransaction({
        transaction: grantRole({ contract, role: "minter", targetAccountAddress: minter }),
        account: deployer(),
      });
      console.log(`granted MINTER_ROLE to ${minter} (tx ${receipt.transactionHash})`);
    }

    if (values["renounce-admin"]) {
      const account = deployer();
      const receipt = await sendAndConfirmTransaction({
        transaction: renounceRole({ contract, role: "admin", targetAccountAddress: account.address }),
        account,
      });
      console.log(`${account.address} renounced DEFAULT_ADMIN_ROLE (tx ${receipt.transactionHash})`);
    }

    console.log("\nSet in .env:");
    console.log(`CHAIN_ID=${chainId}`);
    console.log(`TOKEN_ADDRESS=${tokenAddress}`);
    console.log(
      deployBlock === undefined
        ? "# TOKEN_DEPLOY_BLOCK=<the block the token was deployed in>"
        : `TOKEN_DEPLOY_BLOCK=${deployBlock}`,
    );
    console.log(`ENGINE_SERVER_WALLET=${minter}`);
    return true;
  },
);

function need(key: string): string {
  const value = process.env[key]?.trim();
  if (!value) throw new Error(`${key} is required (environment or .env); see --help`);
  return value;
}
