/**
 * The only reader of process.env on the server. Validates every setting once,
 * at start-up, and fails naming every bad key.
 */
import path from "node:path";
import { z } from "zod";
import { ARBITRUM_ONE_CHAIN_ID } from "@tube/common/constants";

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ""));
const required = z.string().trim().min(1, "is required");

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

const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: httpUrl.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  MONGODB_URI: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().trim().min(1).default(".data"),
  STATIC_DIR: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_ID: required,
  GOOGLE_CLIENT_SECRET: required,
  GOOGLE_EMULATOR_URL: httpUrl.optional(),
  YOUTUBE_CHANNEL_ID: required,
  CHAIN_ID: z.coerce.number().int().positive().default(ARBITRUM_ONE_CHAIN_ID),
  RPC_URL: httpUrl,
  EXPLORER_URL: httpUrl.default("https://arbiscan.io"),
  TOKEN_ADDRESS: address,
  /** First block worth searching for mints (the token's deploy block): RPC providers cap eth_getLogs ranges. */
  TOKEN_DEPLOY_BLOCK: z.coerce.bigint().nonnegative().default(0n),
  ENGINE_URL: httpUrl.default("https://engine.thirdweb.com"),
  THIRDWEB_SECRET_KEY: required,
  ENGINE_VAULT_ACCESS_TOKEN: required,
  ENGINE_SERVER_WALLET: address,
  THIRDWEB_CLIENT_ID: required,
  ECOSYSTEM_ID: z.string().trim().regex(/^ecosystem\.[a-z0-9-]+$/, "must look like ecosystem.<name>"),
  ECOSYSTEM_PARTNER_ID: z.string().trim().default(""),
  WALLETCONNECT_PROJECT_ID: z.string().trim().default(""),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  MAX_TOTAL_CLAIMS: z.coerce.number().int().positive().optional(),
  MINT_MAX_ATTEMPTS: z.coerce.number().int().positive().default(3),
  /** How often the reconciler offers unfinished claims nobody drives (a crashed process's, after its lease) to a follower. */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().positive().default(2000),
  /** Blocks a mint must be buried under before a claim is `confirmed` (about 5 s on Arbitrum One); 0 in the local world. */
  MINT_CONFIRMATIONS: z.coerce.bigint().nonnegative().default(20n),
  /**
   * Blocks after an attempt was written ahead with no trace in Engine or on chain before a new attempt may start
   * (about 60 s on Arbitrum One): must outlast Engine's slowest answer and the lag of its transaction list.
   */
  MINT_GRACE_BLOCKS: z.coerce.bigint().positive().default(240n),
  /** Blocks per eth_getLogs request: providers cap the range. */
  CHAIN_LOG_WINDOW_BLOCKS: z.coerce.bigint().positive().default(10_000n),
  /** How long a process's lease on a claim lasts; a crashed process's claims wait this long for another. */
  CLAIM_LEASE_MS: z.coerce.number().int().positive().default(30_000),
  /** How often the driver of a claim asks Engine and the chain about it. */
  MINT_FOLLOW_INTERVAL_MS: z.coerce.number().int().positive().default(500),
  /** How long a SQLite write waits for another connection's lock; the whole process waits with it (node:sqlite is synchronous). */
  SQLITE_BUSY_TIMEOUT_MS: z.coerce.number().int().nonnegative().default(5000),
  /** How long a verified subscription is remembered per Google account, so Claim after Verify spends no quota. */
  SUBSCRIPTION_CACHE_SECONDS: z.coerce.number().int().nonnegative().default(300),
  /** YouTube checks one Google account may cause per window (each costs 1–2 quota units), whatever its IP. */
  VERIFY_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  VERIFY_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /** /readyz answers from one probe run for this long, so it cannot be used to hammer Engine. */
  READINESS_CACHE_SECONDS: z.coerce.number().int().nonnegative().default(5),
  /** Per HTTP attempt to Google (OAuth and YouTube). */
  GOOGLE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const result = schema.safeParse(blankToUndefined(env));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const settings = result.data;
  const publicUrl = settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`;
  return {
    ...settings,
    PUBLIC_URL: publicUrl,
    DATA_DIR: path.resolve(settings.DATA_DIR),
    googleAuthUrl: `${settings.GOOGLE_EMULATOR_URL ?? "https://accounts.google.com"}/o/oauth2/v2/auth`,
  };
}

/** An empty `KEY=` line in .env means "unset", so defaults still apply. */
function blankToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === "" ? undefined : value]));
}
