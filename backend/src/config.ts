/**
 * The only reader of process.env on the server. Validates every setting once,
 * at start-up, and fails naming every bad key.
 */
import path from "node:path";
import { z } from "zod";
import type { PublicConfig } from "@tube/common/api";
import { ARBITRUM_ONE_CHAIN_ID } from "@tube/common/constants";
import { YOUTUBE_QUOTA_RESERVE_UNITS } from "./claims/verification-admission.ts";

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ""));
const required = z.string().trim().min(1, "is required");

/**
 * A channel id as YouTube gives it: `UC` and 22 base64url characters. A handle, a channel URL or a typo would not fail
 * anywhere else: YouTube would simply find every viewer "not subscribed" to a channel that does not exist.
 */
const youtubeChannelId = required.superRefine((value, context) => {
  if (/^UC[A-Za-z0-9_-]{22}$/.test(value)) return;
  context.addIssue({
    code: "custom",
    message: `is "${value}", not a YouTube channel id (UC and 22 letters, digits, - or _)${channelIdHint(value)}`,
  });
});

function channelIdHint(value: string): string {
  const embedded = /UC[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])/.exec(value)?.[0];
  if (embedded) return `; did you mean ${embedded}?`;
  if (value.startsWith("@") || value.includes("/@"))
    return "; that is a handle: the channel id is in the channel's About page (Share channel → Copy channel ID)";
  return "";
}

/**
 * The chains the app runs on, with the explorer its transaction links point at: Arbitrum One, and Arbitrum Sepolia for
 * a rehearsal on a testnet. The local chain is an Arbitrum One look-alike, so its links point at Arbiscan too.
 */
const ARBITRUM_SEPOLIA_CHAIN_ID = 421614;
const CHAIN_EXPLORERS = {
  [ARBITRUM_ONE_CHAIN_ID]: "https://arbiscan.io",
  [ARBITRUM_SEPOLIA_CHAIN_ID]: "https://sepolia.arbiscan.io",
} as const;

/** Express's `trust proxy`: false, true, a hop count, or a comma-separated list of addresses/subnets. */
const trustProxy = z
  .string()
  .trim()
  .default("false")
  .transform((value): boolean | number | string[] => {
    if (value === "false" || value === "") return false;
    if (value === "true") return true;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(",").map((part) => part.trim());
  });

/** Every server setting. Operator commands pick the ones they read from it, so a key means one thing everywhere. */
export const settingsSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: httpUrl.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Set, claims are kept in MongoDB; unset, in SQLite under DATA_DIR (production then asks for DATA_DIR explicitly). */
  MONGODB_URI: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().trim().min(1).default(".data"),
  GOOGLE_CLIENT_ID: required,
  GOOGLE_CLIENT_SECRET: required,
  GOOGLE_EMULATOR_URL: httpUrl.optional(),
  YOUTUBE_CHANNEL_ID: youtubeChannelId,
  /**
   * Brand Accounts' channels may claim (ADR 20). Off by default: each is a Google account of its own, and one person
   * may manage up to 100 of them, so "once per Google account" would be "up to 101 times per person".
   */
  ALLOW_BRAND_ACCOUNTS: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  CHAIN_ID: z.coerce
    .number()
    .default(ARBITRUM_ONE_CHAIN_ID)
    .pipe(
      z.union([z.literal(ARBITRUM_ONE_CHAIN_ID), z.literal(ARBITRUM_SEPOLIA_CHAIN_ID)], {
        error: (issue) =>
          `is ${String(issue.input)}: the app runs on Arbitrum One (${ARBITRUM_ONE_CHAIN_ID}), or Arbitrum Sepolia (${ARBITRUM_SEPOLIA_CHAIN_ID}) for a rehearsal`,
      }),
    ),
  /** The server's RPC: may carry a provider key, so it is never published. */
  RPC_URL: httpUrl,
  /**
   * The most calls one JSON-RPC batch to RPC_URL carries: the provider's cap (Moralis 20, Alchemy 1,000 over HTTP).
   * A claim's reads fit in 3 calls plus one per new receipt, whatever the number followed.
   */
  RPC_BATCH_MAX_CALLS: z.coerce.number().int().min(1).max(1_000).default(50),
  /** The RPC the browser is told to use; required when RPC_URL looks like it carries a key. */
  PUBLIC_RPC_URL: httpUrl.optional(),
  /**
   * The TuBERewards contract: it holds the token's MINTER_ROLE and rewards each wallet at most once. The token is the
   * contract's own (`token()`), read at start-up, never a setting that could name another.
   */
  REWARDS_ADDRESS: address,
  ENGINE_URL: httpUrl.default("https://engine.thirdweb.com"),
  THIRDWEB_SECRET_KEY: required,
  ENGINE_VAULT_ACCESS_TOKEN: required,
  ENGINE_SERVER_WALLET: address,
  THIRDWEB_CLIENT_ID: required,
  ECOSYSTEM_ID: z
    .string()
    .trim()
    .regex(/^ecosystem\.[a-z0-9-]+$/, "must look like ecosystem.<name>"),
  ECOSYSTEM_PARTNER_ID: z.string().trim().default(""),
  WALLETCONNECT_PROJECT_ID: z.string().trim().default(""),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** The claim budget: a positive whole number, or `unlimited` (no limit: what unset means, outside production). */
  MAX_TOTAL_CLAIMS: z
    .string()
    .trim()
    .regex(/^(unlimited|[1-9]\d*)$/, "must be a positive whole number or unlimited")
    .transform((value) => (value === "unlimited" ? undefined : Number(value)))
    .optional(),
  MINT_MAX_ATTEMPTS: z.coerce.number().int().positive().default(3),
  /**
   * Which head a reward's block must reach before its claim is `confirmed` (ADR 2): `latest` is the Arbitrum
   * sequencer's soft finality; `safe` and `finalized` wait for the batch on L1 (minutes). Whichever it is, the claim is
   * checked once more when `finalized` covers the reward, and reopened if a reorganisation took the reward away.
   */
  MINT_FINALITY: z.enum(["latest", "safe", "finalized"]).default("latest"),
  /** The project's YouTube quota a day: Google grants 10,000 units unless an extension was granted. */
  YOUTUBE_DAILY_QUOTA_UNITS: z.coerce
    .number()
    .int()
    .gt(
      YOUTUBE_QUOTA_RESERVE_UNITS,
      `must be more than the ${YOUTUBE_QUOTA_RESERVE_UNITS} units kept for verified viewers`,
    )
    .default(10_000),
  /**
   * Set, each reward Engine queues names `<PUBLIC_URL>/api/engine/webhook` and this secret: Engine signs its status
   * posts with it, and the follow loop reads Engine mostly when one arrives (ADR 28). Unset, it polls Engine.
   */
  ENGINE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .min(32, "is shorter than 32 characters; use openssl rand -hex 32")
    .optional(),
  /** What /metrics and /readyz/details ask for as `Authorization: Bearer`; unset, they are open (refused in production). */
  METRICS_TOKEN: z.string().trim().min(1).optional(),
  /**
   * The operator's secret under which an expired claim keeps its Google account as a fingerprint (HMAC-SHA256), so
   * the account still cannot claim twice; needed by `claims erase-expired`, and by every server once it has run.
   */
  CLAIM_GATE_KEY: z.string().trim().min(32, "must be at least 32 characters (openssl rand -hex 32)").optional(),
});

/** Keys only operator commands read; the server never does (production refuses to start with the deployer's key set). */
export const operatorSettingsSchema = z.object({
  /** `deploy-token`'s key: deploys the contracts and grants their roles. */
  DEPLOYER_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x and 64 hex digits")
    .optional(),
  /** `doctor`'s YouTube Data API key, to check that the channel exists; unset, that check is skipped. */
  YOUTUBE_API_KEY: z.string().trim().min(1).optional(),
  /** The block the token was deployed in: where `deploy-token` and `doctor` start reading its role events. */
  TOKEN_DEPLOY_BLOCK: z.coerce.bigint().nonnegative().optional(),
  /**
   * The widest `eth_getLogs` the RPC answers, in blocks: QuickNode's paid plans allow 10,000, Alchemy's paid plans
   * any range, Alchemy's free tier only 10.
   */
  RPC_GETLOGS_MAX_BLOCKS: z.coerce.bigint().min(1n).default(10_000n),
});

declare const loaded: unique symbol;
/**
 * The settings as loadConfig parsed them, and only so: the brand cannot be written by hand, so the app and every test
 * world are built from what the schema made of an env, never from a literal that could drift from it.
 */
export type Config = ReturnType<typeof parseConfig> & { readonly [loaded]: true };
type Settings = z.infer<typeof settingsSchema>;
/** Every setting the server reads, so what passes settings to it (docker-compose.yml) can be checked against them. */
export const SETTING_KEYS = Object.keys(settingsSchema.shape) as ReadonlyArray<keyof Settings>;
type Given = Record<string, string | undefined>;

/** A refused start. Its message is the whole report, one `  KEY: why` line per problem: print it alone. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return parseConfig(env) as Config;
}

function parseConfig(env: NodeJS.ProcessEnv) {
  const given = blankToUndefined(env);
  const { parsed, problems } = parseEach(settingsSchema, given);
  const production = parsed.NODE_ENV === "production";
  problems.push(...consistencyProblems(parsed, given), ...(production ? productionRefusals(parsed, given) : []));
  refuseOn(problems, production ? "Refusing to start in production" : "Invalid configuration");
  // Every setting parsed, so none is missing.
  const settings = parsed as Settings;
  const publicUrl = settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`;
  const storeKind = settings.MONGODB_URI ? "mongodb" : "sqlite";
  const dataDir = path.resolve(settings.DATA_DIR);
  /** The token's address comes from the chain at start-up (the server adds it). */
  const publicConfig: Omit<PublicConfig, "tokenAddress"> = {
    thirdwebClientId: settings.THIRDWEB_CLIENT_ID,
    ecosystemId: settings.ECOSYSTEM_ID,
    ecosystemPartnerId: settings.ECOSYSTEM_PARTNER_ID,
    walletConnectProjectId: settings.WALLETCONNECT_PROJECT_ID,
    chainId: settings.CHAIN_ID,
    // Never a URL with a key in it: browsers see it.
    rpcUrl: settings.PUBLIC_RPC_URL ?? settings.RPC_URL,
    explorerUrl: CHAIN_EXPLORERS[settings.CHAIN_ID],
    youtubeChannelId: settings.YOUTUBE_CHANNEL_ID,
    googleClientId: settings.GOOGLE_CLIENT_ID,
    googleAuthUrl: `${settings.GOOGLE_EMULATOR_URL ?? "https://accounts.google.com"}/o/oauth2/v2/auth`,
  };
  return {
    ...settings,
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    storeKind,
    /** What openClaimStore opens (the claims and the shared rate limits). */
    storeOptions: {
      mongodbUri: settings.MONGODB_URI,
      dataDir,
      gateKey: settings.CLAIM_GATE_KEY,
    },
    /** What /api/config, the page and the CSP give the browser, but the token's address. */
    publicConfig,
  };
}

/**
 * The settings an operator command reads, parsed by the same rules as the server's (pick them from
 * `settingsSchema`, extend with the command's own): throws a ConfigError naming every bad key.
 */
export function parseSettings<Shape extends Record<string, z.ZodType>>(
  schema: z.ZodObject<Shape>,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<z.ZodObject<Shape>> {
  const { parsed, problems } = parseEach(schema, blankToUndefined(env));
  refuseOn(problems, "Invalid configuration");
  return parsed as z.infer<z.ZodObject<Shape>>;
}

function refuseOn(problems: Problem[], heading: string): void {
  if (problems.length > 0)
    throw new ConfigError(`${heading}:\n${problems.map(([key, why]) => `  ${key}: ${why}`).join("\n")}`);
}

type Problem = readonly [key: string, why: string];

/**
 * Parses each setting on its own, so that a bad one leaves the rest for the rules below and a refused start names
 * every problem at once. A key is absent from `parsed` exactly when its value was bad (and named in `problems`).
 */
function parseEach<Shape extends Record<string, z.ZodType>>(
  schema: z.ZodObject<Shape>,
  given: Given,
): { parsed: Partial<z.infer<z.ZodObject<Shape>>>; problems: Problem[] } {
  const parsed: Record<string, unknown> = {};
  const problems: Problem[] = [];
  for (const [key, field] of Object.entries(schema.shape)) {
    const result = field.safeParse(given[key]);
    if (result.success) parsed[key] = result.data;
    else if (given[key] === undefined) problems.push([key, "is required"]);
    else for (const issue of result.error.issues) problems.push([[key, ...issue.path].join("."), issue.message]);
  }
  return { parsed: parsed as Partial<z.infer<z.ZodObject<Shape>>>, problems };
}

/*
 * The rules below read what parsed and skip a bad value (its key is already named). Whether a key was given at all
 * comes from the raw env, so a bad value is not also reported as missing.
 */

/** Settings that are each valid but do not make sense together, in any environment. */
function consistencyProblems(settings: Partial<Settings>, given: Given): Problem[] {
  const problems: Problem[] = [];
  if (given.PUBLIC_RPC_URL === undefined && settings.RPC_URL && mayHoldKey(settings.RPC_URL)) {
    problems.push([
      "PUBLIC_RPC_URL",
      "is required: RPC_URL looks like it carries a provider key, and the browser must never see it",
    ]);
  }
  if (settings.PUBLIC_RPC_URL && mayHoldKey(settings.PUBLIC_RPC_URL)) {
    problems.push([
      "PUBLIC_RPC_URL",
      "looks like it carries a key (credentials, a query string or a key-like path segment); browsers see it",
    ]);
  }
  return problems;
}

/**
 * Production never falls back to a local default: two replicas that each opened their own SQLite file would let
 * every wallet claim once per replica. Each refusal names its key.
 */
function productionRefusals(settings: Partial<Settings>, given: Given): Problem[] {
  const problems: Problem[] = [];
  if (given.MONGODB_URI === undefined && given.DATA_DIR === undefined) {
    problems.push([
      "MONGODB_URI",
      "is required in production (or an explicit DATA_DIR, for SQLite on a single instance with a kept volume)",
    ]);
  }
  if (given.PUBLIC_URL === undefined) {
    problems.push([
      "PUBLIC_URL",
      "is required in production: the Google callback and CORS are derived from it (the default is http://localhost)",
    ]);
  }
  if (given.MAX_TOTAL_CLAIMS === undefined)
    problems.push(["MAX_TOTAL_CLAIMS", "is required in production: a positive whole number, or unlimited if meant"]);
  if (given.DEPLOYER_PRIVATE_KEY !== undefined) {
    problems.push([
      "DEPLOYER_PRIVATE_KEY",
      "is set: the contracts' admin key belongs to `npm run deploy-token` only; the server never needs it (unset it)",
    ]);
  }
  for (const [key, why] of HTTPS_ONLY) {
    const value = settings[key];
    if (value && new URL(value).protocol !== "https:") problems.push([key, `must be https in production: ${why}`]);
  }
  if (settings.GOOGLE_EMULATOR_URL)
    problems.push(["GOOGLE_EMULATOR_URL", "points at a Google stand-in; production talks to Google itself (unset it)"]);
  for (const key of LOCAL_WORLD_KEYS) {
    const value = settings[key];
    if (typeof value === "string" && isLocalWorldValue(value))
      problems.push([key, "is the local world's default, not a real one"]);
  }
  if (settings.TRUST_PROXY === true) {
    problems.push([
      "TRUST_PROXY",
      "true trusts every hop, so any client can forge X-Forwarded-For: give the hop count or the proxies' addresses",
    ]);
  }
  if (!settings.METRICS_TOKEN) {
    problems.push([
      "METRICS_TOKEN",
      "is required in production: /metrics and /readyz/details (quota, budget, gas, failing dependencies) answer only to it",
    ]);
  } else if (settings.METRICS_TOKEN.length < 32) {
    problems.push(["METRICS_TOKEN", "is shorter than 32 characters; use a random one (openssl rand -hex 32)"]);
  }
  return problems;
}

/** Whoever sits on the path of a plain-http one could read the secrets sent to it or forge what it answers. */
const HTTPS_ONLY = [
  ["PUBLIC_URL", "visitors' Google sign-in codes and session tokens travel through it"],
  ["ENGINE_URL", "the server sends Engine its secret key and vault access token"],
  ["RPC_URL", "the server believes what it says about the chain, and it may carry the provider's key"],
  ["PUBLIC_RPC_URL", "browsers believe what it says about the chain"],
] as const satisfies ReadonlyArray<readonly [keyof Settings, string]>;

/** Settings the local world fills in when they are unset. */
const LOCAL_WORLD_KEYS = [
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "YOUTUBE_CHANNEL_ID",
  "THIRDWEB_CLIENT_ID",
  "THIRDWEB_SECRET_KEY",
  "ENGINE_VAULT_ACCESS_TOKEN",
  "ENGINE_SERVER_WALLET",
  "REWARDS_ADDRESS",
  "ECOSYSTEM_ID",
] as const satisfies ReadonlyArray<keyof Settings>;

/**
 * Anvil's dev accounts (public mnemonic "test test … junk": anyone holds their keys) and the addresses the first of
 * them deploys its first two contracts to, where the local world's token and rewards contract land.
 */
const PUBLIC_DEV_ADDRESSES = new Set([
  "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
  "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc",
  "0x90f79bf6eb2c4f870365e785982e1f101e93b906",
  "0x15d34aaf54267db7d7c367839aaf71a00a2c6a65",
  "0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc",
  "0x976ea74026e726554db657fa54763abd0c3a0aa9",
  "0x14dc79964da2c08b23698b3d3cc7ca32193d9955",
  "0x23618e81e3f5cdf7f54c3d65f7fbc0abae58e13e",
  "0xa0ee7a142d267c1f36714e4a8f75612f20a79720",
  "0x5fbdb2315678afecb367f032d93f642f64180aa3",
  "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
]);

/** Every local-world default id and key says `tube-local`; addresses are anvil's. */
function isLocalWorldValue(value: string): boolean {
  return value.includes("tube-local") || PUBLIC_DEV_ADDRESSES.has(value.toLowerCase());
}

/**
 * Providers put keys in credentials, the query string, or a long opaque path segment
 * (`/v2/<key>`, `/v3/<key>`); a URL with none of those is safe to hand to browsers.
 */
export function mayHoldKey(url: string): boolean {
  const parsed = new URL(url);
  if (parsed.username || parsed.password || parsed.search) return true;
  return parsed.pathname.split("/").some((segment) => /^[A-Za-z0-9_-]{20,}$/.test(segment));
}

/** An empty `KEY=` line in .env means "unset", so defaults still apply. */
function blankToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === "" ? undefined : value]));
}
