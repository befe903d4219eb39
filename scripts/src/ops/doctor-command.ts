/** `npm run doctor`: the configuration checked end to end as the server uses it; `--store`, the store contract. */
import { eth_getBalance, eth_getCode } from "thirdweb";
import { decimals } from "thirdweb/extensions/erc20";
import { hasRole } from "thirdweb/extensions/permissions";
import { privateKeyToAccount } from "thirdweb/wallets/private-key";
import {
  GOOGLE_CALLBACK_PATH,
  GOOGLE_SCOPES,
  MULTICALL3_ADDRESS,
  REWARD_TOKENS,
  TOKEN_DECIMALS,
} from "@tube/common/constants";
import { loadConfig, type Config } from "@tube/backend/config";
import { engineMinterFromConfig } from "@tube/backend/claims/mint-driver-from-config";
import { readRewardsToken } from "@tube/backend/minting/rewards-contract";
import { youtubeQuotaUnitsToday } from "@tube/backend/observability/youtube-quota";
import {
  CLAIM_STORE_CHECKS,
  mongoScratchStorage,
  runClaimStoreCheck,
  sqliteScratchStorage,
  STORE_OPENS_CHECK,
} from "@tube/backend/store/claim-store-checks";
import type { ClaimStore } from "@tube/backend/store/claim-store";
import { openClaimStore } from "@tube/backend/store/open-claim-store";
import { REWARDER_ROLE, tokenRoleHolders } from "@tube/local-world/deploy-token";
import {
  chainHandles,
  defineCommand,
  message,
  printCheck,
  readRewardsView,
  rewardsProblem,
  type CheckState,
  type CommandIo,
} from "./cli.ts";

const USAGE = `Usage: npm run doctor [-- --store]

Checks the configuration in the environment and .env end to end, as the server will use it, one line each (the
checklist is in docs/deploy.md); exits 1 when any check fails. With --store, runs instead every check of the store
contract against the configured store's server, each in a scratch database or directory dropped afterwards.`;

const pass = (detail: string) => ({ state: "pass" as const, detail });
const fail = (detail: string) => ({ state: "fail" as const, detail });
const warn = (detail: string) => ({ state: "info" as const, detail: `WARNING: ${detail}` });

type Check = (config: Config, env: NodeJS.ProcessEnv) => Promise<{ state: CheckState; detail: string }>;
const CHECKS: Record<string, Check> = {
  "Google OAuth client": checkGoogleClient,
  "Chain RPC": checkChain,
  Multicall3: async (config) =>
    (await eth_getCode(chainHandles(config).rpc, { address: MULTICALL3_ADDRESS })) === "0x"
      ? fail(`no contract at ${MULTICALL3_ADDRESS}: the server reads the claims' wallets through it`)
      : pass(`at ${MULTICALL3_ADDRESS}`),
  "Rewards contract": checkRewards,
  "TuBE token": checkToken,
  "Token roles": checkTokenRoles,
  "Server wallet": checkServerWallet,
  "Browser's ids": checkPublicIds,
  "Reward cap": checkRewardCap,
  Engine: async (config) => {
    await engineMinterFromConfig(config).ping();
    return pass(`${config.ENGINE_URL} accepted THIRDWEB_SECRET_KEY`);
  },
  "Engine signs as the server wallet": checkEngineSigning,
  Store: checkStore,
  "YouTube quota today": async (config) => ({
    state: "info",
    detail: `${await withStore(config, youtubeQuotaUnitsToday)} of ${config.YOUTUBE_DAILY_QUOTA_UNITS.toLocaleString("en-US")} units (YOUTUBE_DAILY_QUOTA_UNITS) spent today by every server on this store; Google Cloud's console is the authority`,
  }),
};

export const doctorCommand = defineCommand(
  { usage: USAGE, options: { store: { type: "boolean" } } },
  async ({ values }, io) => {
    let config: Config;
    try {
      config = loadConfig(io.env);
      const { NODE_ENV, storeKind, CHAIN_ID } = config;
      printCheck(io, "pass", "Variables", `all valid (NODE_ENV=${NODE_ENV}, store ${storeKind}, chain ${CHAIN_ID})`);
    } catch (error) {
      printCheck(io, "fail", "Variables", message(error).replace(/\n/g, "\n    "));
      return false;
    }
    if (values.store) return checkStoreContract(io, config);
    let ok = true;
    for (const [name, check] of Object.entries(CHECKS)) {
      const { state, detail } = await check(config, io.env).catch((error: unknown) => fail(message(error)));
      printCheck(io, state, name, detail);
      if (state === "fail") ok = false;
    }
    io.out(ok ? "\nAll checks passed." : "\nSome checks failed: fix them before going live.");
    return ok;
  },
);

/** A wrong client or redirect URI is refused at consent; a made-up code is invalid_grant only with the secret. */
async function checkGoogleClient(config: Config) {
  const redirectUri = `${config.PUBLIC_URL}${GOOGLE_CALLBACK_PATH}`;
  const authorize = new URL(config.publicConfig.googleAuthUrl);
  authorize.search = new URLSearchParams({
    client_id: config.GOOGLE_CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: GOOGLE_SCOPES.join(" "),
  }).toString();
  const consent = await fetch(authorize, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
  const consentBody = await consent.text();
  const refused = /redirect_uri_mismatch|invalid_client|invalid_request|\/signin\/oauth\/error/.exec(
    `${consent.headers.get("location") ?? ""} ${consentBody}`,
  );
  if (consent.status >= 400 || refused)
    return fail(
      `the sign-in for redirect URI ${redirectUri} was refused (${refused?.[0] ?? `HTTP ${consent.status}`})`,
    );

  const emulator = config.GOOGLE_EMULATOR_URL;
  const exchange = await fetch(emulator ? `${emulator}/token` : "https://oauth2.googleapis.com/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: "tube-doctor-probe",
      redirect_uri: redirectUri,
      client_id: config.GOOGLE_CLIENT_ID,
      client_secret: config.GOOGLE_CLIENT_SECRET,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const { error } = (await exchange.json().catch(() => ({}))) as { error?: string };
  if (error !== "invalid_grant")
    return fail(
      `the code exchange answered ${error ?? `HTTP ${exchange.status}`}: check GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET`,
    );
  return pass(`client accepted, redirect URI ${redirectUri} accepted`);
}

async function checkChain(config: Config) {
  const served = Number(await chainHandles(config).rpc({ method: "eth_chainId" }));
  return served === config.CHAIN_ID
    ? pass(`reachable, chain ${served}`)
    : fail(`RPC_URL serves chain ${served}, not ${config.CHAIN_ID}`);
}

const rewardsToken = (config: Config) => readRewardsToken(config.RPC_URL, config.REWARDS_ADDRESS);

async function checkToken(config: Config) {
  const { rpc, at } = chainHandles(config);
  const token = await rewardsToken(config);
  if ((await eth_getCode(rpc, { address: token })) === "0x") return fail(`REWARDS_ADDRESS mints ${token}: no contract`);
  const places = await decimals({ contract: at(token) });
  return places === TOKEN_DECIMALS
    ? pass(`REWARDS_ADDRESS mints ${token}: it has code and ${places} decimals`)
    : fail(`REWARDS_ADDRESS mints ${token}: ${places} decimals, expected ${TOKEN_DECIMALS}`);
}

async function checkRewards(config: Config) {
  const problem = await rewardsProblem(chainHandles(config).at(config.REWARDS_ADDRESS));
  return problem ? fail(problem) : pass(`${config.REWARDS_ADDRESS} pays ${REWARD_TOKENS} TuBE once per wallet`);
}

const problems = (...found: Array<string | false>) => found.filter((problem) => problem !== false);

/** A second minter can pay a wallet twice; any admin can grant MINTER_ROLE: one admin at most, and no lone key. */
async function checkTokenRoles(config: Config, env: NodeJS.ProcessEnv) {
  const { client, rpc, at } = chainHandles(config);
  const { minters, admins } = await tokenRoleHolders(at(await rewardsToken(config)));
  const rewards = config.REWARDS_ADDRESS;
  const others = minters.filter((minter) => minter !== rewards.toLowerCase());
  const holders = `minters: ${minters.join(", ") || "none"}; admins: ${admins.join(", ") || "none (renounced)"}`;
  const found = problems(
    !minters.includes(rewards.toLowerCase()) &&
      `REWARDS_ADDRESS is no minter: run npm run deploy-token -- --rewards ${rewards}`,
    others.length > 0 &&
      `${others.join(", ")} can mint besides REWARDS_ADDRESS, around its once-per-wallet gate: retire it with npm run deploy-token -- --rewards ${rewards} --retire ${others.join(" --retire ")}`,
    admins.length > 1 &&
      `${admins.length} admins, each able to grant MINTER_ROLE: have all but one renounce DEFAULT_ADMIN_ROLE`,
    admins.includes(config.ENGINE_SERVER_WALLET.toLowerCase()) &&
      "ENGINE_SERVER_WALLET is an admin, so it can grant itself MINTER_ROLE: have it renounce DEFAULT_ADMIN_ROLE",
  );
  if (found.length > 0) return fail(`${found.join("; ")}; ${holders}`);
  const key = env.DEPLOYER_PRIVATE_KEY as `0x${string}` | undefined;
  const deployer = key && privateKeyToAccount({ client, privateKey: key }).address.toLowerCase();
  const keys = [];
  for (const admin of admins)
    if (admin === deployer) keys.push(`${admin} (DEPLOYER_PRIVATE_KEY's)`);
    else if ((await eth_getCode(rpc, { address: admin })) === "0x") keys.push(admin);
  if (keys.length === 0) return pass(holders);
  return warn(
    `${holders}; ${keys.join(", ")}, a single key, can grant MINTER_ROLE: once the roles are final, hand DEFAULT_ADMIN_ROLE to a multisig or run npm run deploy-token -- --rewards ${config.REWARDS_ADDRESS} --renounce-admin`,
  );
}

/** The browser's ids (`/api/config`): a wrong one fails only in a visitor's sign-in or wallet. */
async function checkPublicIds({ publicConfig: ids }: Config) {
  const partner = ids.ecosystemPartnerId;
  const project = ids.walletConnectProjectId;
  const found = problems(
    partner !== "" &&
      !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(partner) &&
      `ECOSYSTEM_PARTNER_ID ${partner} is not a partner id (a UUID, from the ecosystem's dashboard)`,
    project !== "" &&
      !/^[0-9a-f]{32}$/.test(project) &&
      `WALLETCONNECT_PROJECT_ID ${project} is not a project id (32 hex digits, from the Reown dashboard)`,
  );
  const detail = `client id ${ids.thirdwebClientId} (derived from THIRDWEB_SECRET_KEY: your thirdweb project must show it), ${ids.ecosystemId}, partner ${partner || "none"}, WalletConnect project ${project || "thirdweb's default"}`;
  return found.length > 0 ? fail(`${found.join("; ")}; ${detail}`) : pass(detail);
}

async function checkServerWallet(config: Config) {
  const { rpc, at } = chainHandles(config);
  const wallet = config.ENGINE_SERVER_WALLET;
  const [rewarder, balance] = await Promise.all([
    hasRole({ contract: at(config.REWARDS_ADDRESS), role: REWARDER_ROLE, targetAccountAddress: wallet }),
    eth_getBalance(rpc, { address: wallet }),
  ]);
  const found = problems(
    !rewarder &&
      `does not hold REWARDER_ROLE on the rewards contract: run npm run deploy-token -- --rewards ${config.REWARDS_ADDRESS}`,
    balance === 0n && "has no ETH for gas",
  );
  return found.length > 0
    ? fail(`${wallet} ${found.join("; ")}`)
    : pass(`${wallet} holds REWARDER_ROLE and ${Number(balance) / 1e18} ETH for gas`);
}

/** Past `maxRewards` every reward reverts, whatever the server's budget says. */
async function checkRewardCap(config: Config) {
  const rewards = chainHandles(config).at(config.REWARDS_ADDRESS);
  const [paid, max] = await Promise.all([
    readRewardsView(rewards, "rewardsPaid"),
    readRewardsView(rewards, "maxRewards"),
  ]);
  const left = max > paid ? max - paid : 0n;
  const detail = `${paid} / ${max} rewards paid, ${left} left`;
  const raise = `the contract's admin raises it with npm run deploy-token -- --rewards ${config.REWARDS_ADDRESS} --max-rewards <n>`;
  if (config.MAX_TOTAL_CLAIMS !== undefined && max < BigInt(config.MAX_TOTAL_CLAIMS))
    return warn(
      `${detail}; maxRewards is below MAX_TOTAL_CLAIMS (${config.MAX_TOTAL_CLAIMS}), so claims past ${max} rewards fail on chain: ${raise}`,
    );
  if (left * 20n < max || left === 0n) return warn(`${detail}: under 5 % of the cap is left; ${raise}`);
  return pass(detail);
}

/** A reward is signed only in Engine's worker, after the 202; a message is signed at once. */
async function checkEngineSigning(config: Config) {
  const proof = await engineMinterFromConfig(config).proveSigning();
  return proof.signed
    ? pass(`Engine signed a message as ${config.ENGINE_SERVER_WALLET} with ENGINE_VAULT_ACCESS_TOKEN`)
    : fail(
        `Engine could not sign as ${config.ENGINE_SERVER_WALLET} (${proof.reason}): check ENGINE_VAULT_ACCESS_TOKEN and that ENGINE_SERVER_WALLET is a server wallet of its vault`,
      );
}

async function withStore<T>(config: Config, read: (store: ClaimStore) => Promise<T>) {
  const store = await openClaimStore(config.storeOptions);
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

async function checkStore(config: Config) {
  // Opening builds the unique indexes; the budget counter is the server gate's own.
  const used = await withStore(config, async (store) => (await store.ping(), store.budget.slotsUsed()));
  const cap = config.MAX_TOTAL_CLAIMS;
  const budget =
    cap === undefined ? "no budget set (MAX_TOTAL_CLAIMS)" : `${Math.max(cap - used, 0)} of ${cap} claims left`;
  return pass(
    `${config.storeKind} reachable, unique indexes on wallet and Google account in place; ${used} claims made, ${budget}`,
  );
}

async function checkStoreContract(io: CommandIo, config: Config) {
  const { mongodbUri } = config.storeOptions;
  const scratch = mongodbUri ? () => mongoScratchStorage(mongodbUri) : () => sqliteScratchStorage(config.DATA_DIR);
  let ok = true;
  let opens = true;
  for (const check of CLAIM_STORE_CHECKS) {
    const name = `Store, ${check.area}`;
    if (!opens) {
      printCheck(io, "skip", name, `${check.name}: not run, the store did not open`);
      continue;
    }
    try {
      await runClaimStoreCheck(check, scratch);
      printCheck(io, "pass", name, check.name);
    } catch (error) {
      printCheck(io, "fail", name, `${check.name}: ${message(error).replace(/\n/g, "\n    ")}`);
      ok = false;
      opens = check !== STORE_OPENS_CHECK;
    }
  }
  const outcome = ok ? "passed every check." : "failed some checks: fix them before going live.";
  io.out(`\nThe ${config.storeKind} store ${outcome}`);
  return ok;
}
