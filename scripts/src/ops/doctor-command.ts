/**
 * `npm run doctor`: checks a configuration end to end, the way the server will use it, and prints a checklist.
 * Exits 1 when any check fails. Reads nothing but the environment and .env, writes nothing anywhere.
 * `npm run doctor -- --store` instead runs the store contract's checks against the configured store's server, each in
 * scratch storage it drops afterwards: the only writes doctor makes, and never to the real store.
 */
import {
  createThirdwebClient,
  defineChain,
  eth_getBalance,
  eth_getCode,
  getContract,
  getRpcClient,
  readContract,
} from "thirdweb";
import { decimals } from "thirdweb/extensions/erc20";
import { hasRole } from "thirdweb/extensions/permissions";
import {
  GOOGLE_CALLBACK_PATH,
  GOOGLE_SCOPES,
  REWARD_AMOUNT_WEI,
  REWARD_TOKENS,
  TOKEN_DECIMALS,
} from "@tube/common/constants";
import { loadConfig, parseSettings, type Config } from "@tube/backend/config";
import { engineMinterFromConfig } from "@tube/backend/claims/mint-driver-from-config";
import { readRewardsToken } from "@tube/backend/minting/rewards-contract";
import { youtubeQuotaUnitsToday } from "@tube/backend/observability/youtube-quota";
import { CLAIM_STORE_CHECKS, runClaimStoreCheck, STORE_OPENS_CHECK } from "@tube/backend/store/claim-store-checks";
import { mongoScratchStorage } from "@tube/backend/store/mongo/mongo-scratch-storage";
import { openClaimStore } from "@tube/backend/store/open-claim-store";
import { sqliteScratchStorage } from "@tube/backend/store/sqlite/sqlite-scratch-storage";
import { isTuBERewardsCode, REWARDER_ROLE } from "@tube/local-world/deploy-token";
import { defineCommand, message, printCheck, type CheckState, type CommandIo } from "./cli.ts";
import { ROLE_HISTORY_SETTINGS, ROLE_HISTORY_USAGE, roleHistoryFrom, tokenRoleHolders } from "./token-roles.ts";

const USAGE = `Usage: npm run doctor [-- --store]

Checks the configuration in the environment and .env end to end and prints a checklist:
  every variable valid (with NODE_ENV=production, the production refusals too);
  Google's OAuth client reachable, its secret accepted, the redirect URI ($PUBLIC_URL${GOOGLE_CALLBACK_PATH}) accepted;
  the RPC reachable and on CHAIN_ID;
  REWARDS_ADDRESS runs contracts/TuBERewards.sol's code as built here, paying ${REWARD_TOKENS} TuBE, and holds the
  MINTER_ROLE of its token (the contract's token(), which the server reads at start-up); that token has code and
  ${TOKEN_DECIMALS} decimals;
  every holder of the token's MINTER_ROLE and DEFAULT_ADMIN_ROLE, from its role events: any minter but REWARDS_ADDRESS
  fails (each minter could pay a wallet once more);
  ENGINE_SERVER_WALLET holds REWARDER_ROLE on it, does NOT hold the token's MINTER_ROLE, and has gas;
  the rewards contract's cap: rewards paid of maxRewards (warns below MAX_TOTAL_CLAIMS or under 5 % left);
  Engine reachable with the credentials;
  Engine signs as ENGINE_SERVER_WALLET with ENGINE_VAULT_ACCESS_TOKEN (a message, no transaction): a reward Engine
  cannot sign is accepted with 202 and fails later, pausing claims;
  the store reachable (opening it builds and awaits the unique indexes); the claim budget left;
  YouTube quota spent today, as the servers on this store counted it.
Exits 1 when any check fails.

With --store, runs instead every check of the store contract (the one the tests run on both adapters) against the
configured store (MongoDB at MONGODB_URI, or SQLite under DATA_DIR), one line each: the unique indexes (one claim per
wallet, one per Google account, racing reservations leave exactly one), transactions (a batch of claim updates is
written all or none; MongoDB must be a replica set or Atlas), outages (a store that cannot be served answers
STORE_UNAVAILABLE in bounded time), leases and compare-and-set, counters, erasure. Each check works in a scratch
database (MongoDB: tube-store-check-<random>, so the URI's user must be allowed to create and drop databases) or
directory (SQLite: under DATA_DIR) of its own and drops it afterwards; the real store is never opened.

Besides the server's settings, it reads:
${ROLE_HISTORY_USAGE}`;

interface Check {
  name: string;
  /** `env`: where the settings doctor reads besides the server's come from. */
  run(config: Config, env: NodeJS.ProcessEnv): Promise<{ state: CheckState; detail: string }>;
}

const pass = (detail: string) => ({ state: "pass" as const, detail });
const fail = (detail: string) => ({ state: "fail" as const, detail });
// The checklist has no warning mark: a warning is an ℹ line that says so, and does not fail the run.
const warn = (detail: string) => ({ state: "info" as const, detail: `WARNING: ${detail}` });

const CHECKS: Check[] = [
  { name: "Google OAuth client", run: checkGoogleClient },
  { name: "Chain RPC", run: checkChain },
  { name: "Rewards contract", run: checkRewards },
  { name: "TuBE token", run: checkToken },
  { name: "Token roles", run: checkTokenRoles },
  { name: "Server wallet", run: checkServerWallet },
  { name: "Reward cap", run: checkRewardCap },
  { name: "Engine", run: checkEngine },
  { name: "Engine signs as the server wallet", run: checkEngineSigning },
  { name: "Store", run: checkStore },
  { name: "YouTube quota today", run: checkQuota },
];

export const doctorCommand = defineCommand(
  { usage: USAGE, options: { store: { type: "boolean" } } },
  async ({ values }, io) => {
    let config: Config;
    try {
      config = loadConfig(io.env);
      printCheck(
        io,
        "pass",
        "Variables",
        `all valid (NODE_ENV=${config.NODE_ENV}, store ${config.storeKind}, chain ${config.CHAIN_ID})`,
      );
    } catch (error) {
      printCheck(io, "fail", "Variables", message(error).replace(/\n/g, "\n    "));
      return false;
    }
    if (values.store) return checkStoreContract(io, config);
    let ok = true;
    for (const check of CHECKS) {
      const { state, detail } = await check.run(config, io.env).catch((error: unknown) => fail(message(error)));
      printCheck(io, state, check.name, detail);
      if (state === "fail") ok = false;
    }
    io.out(ok ? "\nAll checks passed." : "\nSome checks failed: fix them before going live.");
    return ok;
  },
);

function googleBase(config: Config) {
  const emulator = config.GOOGLE_EMULATOR_URL;
  return {
    auth: config.publicConfig.googleAuthUrl,
    token: emulator ? `${emulator}/token` : "https://oauth2.googleapis.com/token",
  };
}

/**
 * Google answers an authorization request for an unknown client or an unregistered redirect URI with an error
 * page (`invalid_client`, `redirect_uri_mismatch`) instead of its sign-in, and a code exchange with a made-up code
 * with `invalid_grant` only once the client id and secret are right (`invalid_client` otherwise).
 */
async function checkGoogleClient(config: Config) {
  const redirectUri = `${config.PUBLIC_URL}${GOOGLE_CALLBACK_PATH}`;
  const authorize = new URL(googleBase(config).auth);
  authorize.search = new URLSearchParams({
    client_id: config.GOOGLE_CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: GOOGLE_SCOPES.join(" "),
  }).toString();
  const consent = await fetch(authorize, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
  const consentBody = await consent.text();
  // Google shows some refusals on its own error page (a redirect to /signin/oauth/error), others inline.
  const refused = /redirect_uri_mismatch|invalid_client|invalid_request|\/signin\/oauth\/error/.exec(
    `${consent.headers.get("location") ?? ""} ${consentBody}`,
  );
  if (consent.status >= 400 || refused)
    return fail(
      `the sign-in for redirect URI ${redirectUri} was refused (${refused?.[0] ?? `HTTP ${consent.status}`})`,
    );

  const exchange = await fetch(googleBase(config).token, {
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

function chainHandles(config: Config) {
  // The client id only satisfies the SDK: every call goes to RPC_URL.
  const client = createThirdwebClient({ clientId: config.publicConfig.thirdwebClientId });
  const chain = defineChain({ id: config.CHAIN_ID, rpc: config.RPC_URL });
  return { client, chain, rpc: getRpcClient({ client, chain }) };
}

async function checkChain(config: Config) {
  const served = Number(await chainHandles(config).rpc({ method: "eth_chainId" }));
  return served === config.CHAIN_ID
    ? pass(`reachable, chain ${served}`)
    : fail(`RPC_URL serves chain ${served}, not ${config.CHAIN_ID}`);
}

/** The token REWARDS_ADDRESS mints, read as the server reads it at start-up. */
const rewardsToken = (config: Config) => readRewardsToken(config.RPC_URL, config.REWARDS_ADDRESS);

async function checkToken(config: Config) {
  const { client, chain, rpc } = chainHandles(config);
  const token = await rewardsToken(config);
  if ((await eth_getCode(rpc, { address: token })) === "0x") return fail(`REWARDS_ADDRESS mints ${token}: no contract`);
  const places = await decimals({ contract: getContract({ client, chain, address: token }) });
  return places === TOKEN_DECIMALS
    ? pass(`REWARDS_ADDRESS mints ${token}: it has code and ${places} decimals`)
    : fail(`REWARDS_ADDRESS mints ${token}: ${places} decimals, expected ${TOKEN_DECIMALS}`);
}

/** The contract is the last gate of one reward per wallet only when it pays the reward and alone can mint. */
async function checkRewards(config: Config) {
  const { client, chain, rpc } = chainHandles(config);
  const address = config.REWARDS_ADDRESS;
  const code = await eth_getCode(rpc, { address });
  if (code === "0x") return fail(`no contract at ${address}`);
  if (!(await isTuBERewardsCode(code)))
    return fail(`${address} is not a TuBERewards: its runtime code is not contracts/TuBERewards.sol's as built here`);
  const rewards = getContract({ client, chain, address });
  const [token, amount] = await Promise.all([
    rewardsToken(config),
    readContract({ contract: rewards, method: "function rewardAmount() view returns (uint256)" }),
  ]);
  const minter = await hasRole({
    contract: getContract({ client, chain, address: token }),
    role: "minter",
    targetAccountAddress: address,
  });
  const problems: string[] = [];
  if (amount !== REWARD_AMOUNT_WEI)
    problems.push(`it pays ${amount} wei, not ${REWARD_AMOUNT_WEI} (${REWARD_TOKENS} TuBE)`);
  if (!minter)
    problems.push(
      `it does not hold MINTER_ROLE on its token ${token}: run npm run deploy-token -- --rewards ${address}`,
    );
  return problems.length > 0
    ? fail(`${address}: ${problems.join("; ")}`)
    : pass(`${address} pays ${REWARD_TOKENS} TuBE once per wallet and holds MINTER_ROLE on its token ${token}`);
}

/** Each minter pays a wallet once, so a second minter can pay it twice; each admin can grant MINTER_ROLE to anyone. */
async function checkTokenRoles(config: Config, env: NodeJS.ProcessEnv) {
  const { client, chain } = chainHandles(config);
  const { minters, admins, searched } = await tokenRoleHolders(
    { client, chain },
    await rewardsToken(config),
    roleHistoryFrom(parseSettings(ROLE_HISTORY_SETTINGS, env)),
  );
  const others = minters.filter((minter) => minter.toLowerCase() !== config.REWARDS_ADDRESS.toLowerCase());
  const holders = `minters: ${minters.join(", ") || "none"}; admins: ${admins.join(", ") || "none (renounced)"} (role events of blocks ${searched.fromBlock}–${searched.toBlock})`;
  return others.length > 0
    ? fail(
        `${others.join(", ")} can mint besides REWARDS_ADDRESS, and pay a wallet again: retire it with npm run deploy-token -- --rewards ${config.REWARDS_ADDRESS} --retire ${others.join(" --retire ")}; ${holders}`,
      )
    : pass(holders);
}

async function checkServerWallet(config: Config) {
  const { client, chain, rpc } = chainHandles(config);
  const wallet = config.ENGINE_SERVER_WALLET;
  const token = await rewardsToken(config);
  const [rewarder, minter, balance] = await Promise.all([
    hasRole({
      contract: getContract({ client, chain, address: config.REWARDS_ADDRESS }),
      role: REWARDER_ROLE,
      targetAccountAddress: wallet,
    }),
    hasRole({
      contract: getContract({ client, chain, address: token }),
      role: "minter",
      targetAccountAddress: wallet,
    }),
    eth_getBalance(rpc, { address: wallet }),
  ]);
  const problems: string[] = [];
  if (!rewarder)
    problems.push(
      `does not hold REWARDER_ROLE on the rewards contract: run npm run deploy-token -- --rewards ${config.REWARDS_ADDRESS}`,
    );
  if (minter)
    problems.push(
      `holds MINTER_ROLE on the token, so it can mint around the rewards contract and pay a wallet twice: have the token's admin revoke it (npm run deploy-token -- --rewards ${config.REWARDS_ADDRESS} does, with the admin's DEPLOYER_PRIVATE_KEY)`,
    );
  // Execution is pinned to EOA: the server wallet sends every reward and pays its gas.
  if (balance === 0n) problems.push("has no ETH for gas");
  return problems.length > 0
    ? fail(`${wallet} ${problems.join("; ")}`)
    : pass(`${wallet} holds REWARDER_ROLE, no MINTER_ROLE on the token, and ${Number(balance) / 1e18} ETH for gas`);
}

/** The contract's own budget: past `maxRewards` every reward reverts, whatever the server's budget says. */
async function checkRewardCap(config: Config) {
  const { client, chain } = chainHandles(config);
  const rewards = getContract({ client, chain, address: config.REWARDS_ADDRESS });
  const [paid, max] = await Promise.all([
    readContract({ contract: rewards, method: "function rewardsPaid() view returns (uint256)" }),
    readContract({ contract: rewards, method: "function maxRewards() view returns (uint256)" }),
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

async function checkEngine(config: Config) {
  await engineMinterFromConfig(config).ping();
  return pass(`${config.ENGINE_URL} accepted THIRDWEB_SECRET_KEY`);
}

/**
 * Engine reads the vault access token only when it signs, and signs a reward only in its worker: a wrong token or a
 * wallet the vault does not hold is answered 202 and fails later. Signing a message happens in the request, so it
 * tells now.
 */
async function checkEngineSigning(config: Config) {
  const proof = await engineMinterFromConfig(config).proveSigning();
  return proof.signed
    ? pass(`Engine signed a message as ${config.ENGINE_SERVER_WALLET} with ENGINE_VAULT_ACCESS_TOKEN`)
    : fail(
        `Engine could not sign as ${config.ENGINE_SERVER_WALLET} (${proof.reason}): check ENGINE_VAULT_ACCESS_TOKEN and that ENGINE_SERVER_WALLET is a server wallet of its vault`,
      );
}

async function checkStore(config: Config) {
  const { store, kind } = await openClaimStore(config.storeOptions);
  try {
    await store.ping();
    // The budget counter the server's gate takes slots from (a failed claim keeps its slot), as /metrics shows it.
    const used = await store.budget.slotsUsed();
    const budget =
      config.MAX_TOTAL_CLAIMS === undefined
        ? "no budget set (MAX_TOTAL_CLAIMS)"
        : `${Math.max(config.MAX_TOTAL_CLAIMS - used, 0)} of ${config.MAX_TOTAL_CLAIMS} claims left`;
    return pass(
      `${kind} reachable, unique indexes on wallet and Google account in place; ${used} claims made, ${budget}`,
    );
  } finally {
    await store.close();
  }
}

/** `--store`: one line per check of the store contract, each in scratch storage of its own, dropped afterwards. */
async function checkStoreContract(io: CommandIo, config: Config): Promise<boolean> {
  const { mongodbUri } = config.storeOptions;
  const scratchStorage = mongodbUri
    ? () => mongoScratchStorage(mongodbUri)
    : () => sqliteScratchStorage(config.DATA_DIR);
  let ok = true;
  let opens = true;
  for (const check of CLAIM_STORE_CHECKS) {
    const name = `Store, ${check.area}`;
    if (!opens) {
      printCheck(io, "skip", name, `${check.name}: not run, the store did not open`);
      continue;
    }
    const failure = await runClaimStoreCheck(check, scratchStorage).then(
      () => null,
      (error: unknown) => message(error).replace(/\n/g, "\n    "),
    );
    printCheck(
      io,
      failure === null ? "pass" : "fail",
      name,
      failure === null ? check.name : `${check.name}: ${failure}`,
    );
    if (failure !== null) ok = false;
    if (failure !== null && check === STORE_OPENS_CHECK) opens = false;
  }
  io.out(
    ok
      ? `\nThe ${config.storeKind} store passed every check.`
      : `\nThe ${config.storeKind} store failed some checks: fix them before going live.`,
  );
  return ok;
}

async function checkQuota(config: Config) {
  const { store } = await openClaimStore(config.storeOptions);
  try {
    const units = await youtubeQuotaUnitsToday(store);
    return {
      state: "info" as const,
      detail: `${units} of ${config.YOUTUBE_DAILY_QUOTA_UNITS.toLocaleString("en-US")} units (YOUTUBE_DAILY_QUOTA_UNITS) spent today by every server on this store; Google Cloud's console is the authority`,
    };
  } finally {
    await store.close();
  }
}
