/** The only reader of process.env on the server. */
import { createHash } from "node:crypto";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { ARBITRUM_ONE_CHAIN_ID } from "@tube/common/constants";
import { YOUTUBE_QUOTA_RESERVE_UNITS } from "./claims/verification-admission.ts";

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ""));
const required = z.string().trim().min(1, "is required");
const optional = z.string().trim().min(1).optional();

/** A handle or a typo fails nowhere else: every viewer would just be "not subscribed". */
const youtubeChannelId = required.superRefine((value, context) => {
  if (/^UC[A-Za-z0-9_-]{22}$/.test(value)) return;
  const embedded = /UC[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])/.exec(value)?.[0];
  const hint = embedded
    ? `; did you mean ${embedded}?`
    : value.startsWith("@") || value.includes("/@")
      ? "; that is a handle: the channel id is in the channel's About page (Share channel → Copy channel ID)"
      : "";
  context.addIssue({
    code: "custom",
    message: `is "${value}", not a YouTube channel id (UC and 22 letters, digits, - or _)${hint}`,
  });
});

const ARBITRUM_SEPOLIA_CHAIN_ID = 421614;
const CHAIN_EXPLORERS = {
  [ARBITRUM_ONE_CHAIN_ID]: "https://arbiscan.io",
  [ARBITRUM_SEPOLIA_CHAIN_ID]: "https://sepolia.arbiscan.io",
} as const;

const trustProxy = z
  .string()
  .trim()
  .default("false")
  .transform((value, context): boolean | number | string[] => {
    if (value === "false" || value === "") return false;
    if (value === "true") return true;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(",").map((part) => part.trim());
    const invalid = list.filter((entry) => !trustedRanges(entry));
    if (invalid.length > 0)
      context.addIssue({
        code: "custom",
        message: `has ${invalid.join(", ")}: not an address, a range (10.0.0.0/8, fd00::/8) or loopback, linklocal, uniquelocal`,
      });
    return list;
  });

/** Express's names for ranges (its proxy-addr's table). */
const NAMED_RANGES: Record<string, string[]> = {
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  loopback: ["127.0.0.1/8", "::1/128"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

type Span = readonly [first: bigint, last: bigint];
/** IPv4 sits at ::ffff:0:0/96, as Express matches it, so one line holds both families. */
const IPV4_SPAN: Span = [0xffffn << 32n, (0xffffn << 32n) | 0xffffffffn];

/** What one TRUST_PROXY entry trusts, read as Express reads it; undefined where Express would refuse it. */
function trustedRanges(entry: string): Span[] | undefined {
  if (NAMED_RANGES[entry]) return NAMED_RANGES[entry].flatMap((range) => trustedRanges(range) ?? []);
  const [text = "", prefixText, ...rest] = entry.split("/");
  if (rest.length > 0 || !ipaddr.isValid(text)) return undefined;
  const ip = ipaddr.parse(text);
  const bits = ip.kind() === "ipv4" ? 32 : 128;
  const prefix =
    prefixText === undefined
      ? bits
      : /^\d+$/.test(prefixText)
        ? Number(prefixText)
        : ip.kind() === "ipv4" && ipaddr.IPv4.isValid(prefixText)
          ? ipaddr.parse(prefixText).prefixLengthFromSubnetMask()
          : null;
  if (prefix === null || prefix <= 0 || prefix > bits) return undefined;
  const value = ip.toByteArray().reduce((sum, byte) => (sum << 8n) | BigInt(byte), bits === 32 ? 0xffffn : 0n);
  const size = 1n << BigInt(bits - prefix);
  const first = value - (value % size);
  return [[first, first + size - 1n]];
}

/** Every IPv4 or every IPv6 address, however the entries split it. */
function trustsEveryone(list: string[]) {
  const spans = list.flatMap((entry) => trustedRanges(entry) ?? []).sort(([a], [b]) => Number(a - b));
  const covers = ([from, to]: Span) => {
    let next = from;
    for (const [first, last] of spans) if (first <= next && last >= next) next = last + 1n;
    return next > to;
  };
  return covers(IPV4_SPAN) || (covers([0n, IPV4_SPAN[0] - 1n]) && covers([IPV4_SPAN[1] + 1n, (1n << 128n) - 1n]));
}

/** Every server setting (documented in settings.ts); operator commands pick theirs from it. */
export const settingsSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: httpUrl.optional(),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  MAX_TOTAL_CLAIMS: z
    .string()
    .trim()
    .regex(/^(unlimited|[1-9]\d*)$/, "must be a positive whole number or unlimited")
    .transform((value) => (value === "unlimited" ? undefined : Number(value)))
    .optional(),
  MINT_FINALITY: z.enum(["latest", "safe", "finalized"]).default("latest"),
  YOUTUBE_DAILY_QUOTA_UNITS: z.coerce
    .number()
    .int()
    .gt(
      YOUTUBE_QUOTA_RESERVE_UNITS,
      `must be more than the ${YOUTUBE_QUOTA_RESERVE_UNITS} units kept for verified viewers`,
    )
    .default(10_000),
  METRICS_TOKEN: optional,
  CLAIM_GATE_KEY: z.string().trim().min(32, "must be at least 32 characters (openssl rand -hex 32)").optional(),
  MONGODB_URI: optional,
  DATA_DIR: z.string().trim().min(1).default(".data"),
  GOOGLE_CLIENT_ID: required,
  GOOGLE_CLIENT_SECRET: required,
  GOOGLE_EMULATOR_URL: httpUrl.optional(),
  YOUTUBE_CHANNEL_ID: youtubeChannelId,
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
  RPC_URL: httpUrl,
  PUBLIC_RPC_URL: httpUrl.optional(),
  REWARDS_ADDRESS: address,
  ENGINE_URL: httpUrl.default("https://engine.thirdweb.com"),
  THIRDWEB_SECRET_KEY: required,
  ENGINE_VAULT_ACCESS_TOKEN: required,
  ENGINE_SERVER_WALLET: address,
  ECOSYSTEM_ID: z
    .string()
    .trim()
    .regex(/^ecosystem\.[a-z0-9-]+$/, "must look like ecosystem.<name>"),
  ECOSYSTEM_PARTNER_ID: z.string().trim().default(""),
  WALLETCONNECT_PROJECT_ID: z.string().trim().default(""),
});

export const operatorSettingsSchema = z.object({
  DEPLOYER_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x and 64 hex digits")
    .optional(),
});

declare const loaded: unique symbol;
/** The app and every test world are built from a parsed env. */
export type Config = ReturnType<typeof parseConfig> & { readonly [loaded]: true };
type Settings = z.infer<typeof settingsSchema>;
type Given = Record<string, string | undefined>;

/** A refused start; its message is the whole report, one `  KEY: why` line per problem. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env = process.env): Config {
  return parseConfig(env) as Config;
}

function parseConfig(env: NodeJS.ProcessEnv) {
  const given = blankToUndefined(env);
  const { parsed, problems } = parseEach(settingsSchema, given);
  const production = parsed.NODE_ENV === "production";
  problems.push(
    ...holding(consistencyRules(parsed, given)),
    ...(production ? holding(productionRules(parsed, given)) : []),
  );
  refuseOn(problems, production ? "Refusing to start in production" : "Invalid configuration");
  const settings = parsed as Settings;
  const dataDir = path.resolve(settings.DATA_DIR);
  const publicConfig = {
    // thirdweb's own derivation of a client id.
    thirdwebClientId: createHash("sha256").update(settings.THIRDWEB_SECRET_KEY).digest("hex").slice(0, 32),
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
    PUBLIC_URL: settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`,
    DATA_DIR: dataDir,
    storeKind: settings.MONGODB_URI ? "mongodb" : "sqlite",
    // Development runs on the local world's public keys: this machine only. A container needs every interface.
    listenHost: production ? undefined : "127.0.0.1",
    storeOptions: { mongodbUri: settings.MONGODB_URI, dataDir, gateKey: settings.CLAIM_GATE_KEY },
    publicConfig,
  };
}

/** An operator command's settings: throws naming every bad key. */
export function parseSettings<Schema extends z.ZodObject>(schema: Schema, env = process.env): z.infer<Schema> {
  const { parsed, problems } = parseEach(schema, blankToUndefined(env));
  refuseOn(problems, "Invalid configuration");
  return parsed as z.infer<Schema>;
}

function refuseOn(problems: Problem[], heading: string) {
  if (problems.length > 0)
    throw new ConfigError(`${heading}:\n${problems.map(([key, why]) => `  ${key}: ${why}`).join("\n")}`);
}

type Problem = readonly [key: string, why: string];

/** Each setting on its own, so a refusal names every problem at once. */
function parseEach<Schema extends z.ZodObject>(schema: Schema, given: Given) {
  const parsed: Record<string, unknown> = {};
  const problems: Problem[] = [];
  for (const [key, field] of Object.entries(schema.shape)) {
    const result = field.safeParse(given[key]);
    if (result.success) parsed[key] = result.data;
    else if (given[key] === undefined) problems.push([key, "is required"]);
    else for (const issue of result.error.issues) problems.push([[key, ...issue.path].join("."), issue.message]);
  }
  return { parsed: parsed as Partial<z.infer<Schema>>, problems };
}

// The rules skip a bad value (already named) and read from the raw env whether a key was given.

type Rule = readonly [holds: unknown, key: string, why: string];
const holding = (rules: Rule[]): Problem[] => rules.filter(([holds]) => holds).map(([, key, why]) => [key, why]);

function consistencyRules(settings: Partial<Settings>, given: Given): Rule[] {
  return [
    [
      given.PUBLIC_RPC_URL === undefined && settings.RPC_URL && mayHoldKey(settings.RPC_URL),
      "PUBLIC_RPC_URL",
      "is required: RPC_URL looks like it carries a provider key, and the browser must never see it",
    ],
    [
      settings.PUBLIC_RPC_URL && mayHoldKey(settings.PUBLIC_RPC_URL),
      "PUBLIC_RPC_URL",
      "looks like it carries a key (credentials, a query string or a key-like path segment); browsers see it",
    ],
  ];
}

/** Replicas with a SQLite file each would pay each wallet once per replica. */
function productionRules(settings: Partial<Settings>, given: Given): Rule[] {
  return [
    [
      given.MONGODB_URI === undefined && given.DATA_DIR === undefined,
      "MONGODB_URI",
      "is required in production (or an explicit DATA_DIR, for SQLite on a single instance with a kept volume)",
    ],
    [
      given.PUBLIC_URL === undefined,
      "PUBLIC_URL",
      "is required in production: the Google callback and CORS are derived from it (the default is http://localhost)",
    ],
    [
      given.MAX_TOTAL_CLAIMS === undefined,
      "MAX_TOTAL_CLAIMS",
      "is required in production: a positive whole number, or unlimited if meant",
    ],
    [
      given.DEPLOYER_PRIVATE_KEY !== undefined,
      "DEPLOYER_PRIVATE_KEY",
      "is set: the contracts' admin key belongs to `npm run deploy-token` only; the server never needs it (unset it)",
    ],
    ...HTTPS_ONLY.map(([key, why]): Rule => [
      settings[key]?.startsWith("http:"),
      key,
      `must be https in production: ${why}`,
    ]),
    [
      settings.GOOGLE_EMULATOR_URL,
      "GOOGLE_EMULATOR_URL",
      "points at a Google stand-in; production talks to Google itself (unset it)",
    ],
    ...LOCAL_WORLD_KEYS.map((key): Rule => [
      isLocalWorldValue(settings[key]),
      key,
      "is the local world's default, not a real one",
    ]),
    [
      settings.TRUST_PROXY === true || typeof settings.TRUST_PROXY === "number",
      "TRUST_PROXY",
      "is a hop count or true, which a client that writes its own X-Forwarded-For fools: give the proxies' addresses or ranges",
    ],
    [
      Array.isArray(settings.TRUST_PROXY) && trustsEveryone(settings.TRUST_PROXY),
      "TRUST_PROXY",
      "covers every address, so any client can forge X-Forwarded-For: give only the proxies' addresses or ranges",
    ],
    [
      // One letter 32 times is 32 characters; a random token of 32 almost always holds 10 or more different ones.
      (settings.METRICS_TOKEN?.length ?? 0) < 32 || new Set(settings.METRICS_TOKEN).size < 10,
      "METRICS_TOKEN",
      settings.METRICS_TOKEN
        ? "is short or far from random (under 32 characters, or under 10 different ones); use openssl rand -hex 32"
        : "is required in production: /metrics and /readyz/details (quota, budget, gas, failing dependencies) answer only to it",
    ],
  ];
}

const HTTPS_ONLY = [
  ["PUBLIC_URL", "visitors' Google sign-in codes and session tokens travel through it"],
  ["ENGINE_URL", "the server sends Engine its secret key and vault access token"],
  ["RPC_URL", "the server believes what it says about the chain, and it may carry the provider's key"],
  ["PUBLIC_RPC_URL", "browsers believe what it says about the chain"],
] as const satisfies ReadonlyArray<readonly [keyof Settings, string]>;

const LOCAL_WORLD_KEYS = [
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "YOUTUBE_CHANNEL_ID",
  "THIRDWEB_SECRET_KEY",
  "ENGINE_VAULT_ACCESS_TOKEN",
  "ENGINE_SERVER_WALLET",
  "REWARDS_ADDRESS",
  "ECOSYSTEM_ID",
] as const satisfies ReadonlyArray<keyof Settings>;

/** Anvil's dev accounts (a public mnemonic) and the local world's two contracts. */
const PUBLIC_DEV_ADDRESSES = new Set([
  "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
  "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc",
  "0x90f79bf6eb2c4f870365e785982e1f101e93b906",
  "0x15d34aaf54267db7d7c367839aaf71a00a2c6a65",
  "0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc",
  "0x976ea74026e726554db657fa54763abd0c3a0aa9",
  "0x14dc79964da2c08b23698b3d3cc7ca32193d9955",
  "0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f",
  "0xa0ee7a142d267c1f36714e4a8f75612f20a79720",
  "0x5fbdb2315678afecb367f032d93f642f64180aa3",
  "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
]);

function isLocalWorldValue(value: string | undefined) {
  return value !== undefined && (value.includes("tube-local") || PUBLIC_DEV_ADDRESSES.has(value.toLowerCase()));
}

/** Providers put keys in credentials, the query string, or a long opaque path segment (`/v2/<key>`). */
export function mayHoldKey(url: string) {
  const parsed = new URL(url);
  if (parsed.username || parsed.password || parsed.search) return true;
  return parsed.pathname.split("/").some((segment) => /^[A-Za-z0-9_-]{20,}$/.test(segment));
}

/** An empty `KEY=` line in .env means "unset", so defaults still apply. */
function blankToUndefined(env: NodeJS.ProcessEnv): Given {
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === "" ? undefined : value]));
}
