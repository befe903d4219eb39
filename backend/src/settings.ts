import type { operatorSettingsSchema, settingsSchema } from "./config.ts";

type Key = keyof typeof settingsSchema.shape | keyof typeof operatorSettingsSchema.shape;

/** "meaning | why an operator sets it | local default", for `npm run settings`; no reason: a stand-in's. */
export const SETTINGS_TABLE: Record<Key, string> = {
  NODE_ENV:
    "`production` refuses every missing or local setting, naming each (docs/deploy.md), and `npm start` starts no stand-ins | A live server: every fallback becomes a refusal | `development`",
  PORT: "Port of the app (API and frontend) | Your platform assigns it | `3000`",
  PUBLIC_URL:
    "Origin visitors use: Google's redirect URI is `$PUBLIC_URL/auth/google/callback`, CORS allows only it; production requires it, on https | Your domain | `http://localhost:$PORT`",
  TRUST_PROXY:
    "Express `trust proxy`, which decides the client IP for rate limits: `false`, or the proxies' addresses or ranges (`10.0.0.0/8`, comma-separated); production refuses `true`, a hop count and a list that covers every address (docs/deploy.md says how to choose) | The proxies between visitors and the app | `false`",
  RATE_LIMIT_PER_MINUTE:
    "API writes (POST) per client IP per minute, shared by every instance through the store; reads such as status polls get five times as many | Many viewers behind one IP (a campus, a carrier's NAT, an event's Wi-Fi) | `60`",
  MAX_TOTAL_CLAIMS:
    "Budget: new claims are refused once this many were made (a failed claim keeps its slot); a positive whole number or `unlimited`, one of which production requires | Your campaign's budget | unlimited",
  MINT_FINALITY:
    "Head a reward's block must reach before its claim is `confirmed`: `latest` (seconds), `safe` or `finalized` (L1, minutes); `finalized` checks it again either way | How much reorg risk you accept before a viewer reads `confirmed` | `latest`",
  YOUTUBE_DAILY_QUOTA_UNITS:
    "The project's YouTube Data API units a day; the last 500 are kept for viewers who already verified, so their claims finish (ADR 23) | Google granted your project more | `10000`",
  METRICS_TOKEN:
    "Bearer token `/metrics` and `/readyz/details` ask for; unset, they are open, which production refuses: 32+ random characters (`openssl rand -hex 32`; fewer than 10 different ones are refused), and a client's wrong guesses are limited (ADR 11) | Secret: your Prometheus's credential | unset (open)",
  CLAIM_GATE_KEY:
    "Secret (32+ characters) under which `npm run claims -- erase-expired` keeps an expired claim's Google account as a fingerprint; the same everywhere and never changed: once used, servers refuse to start without it (ADR 24) | Secret: needed once you erase expired claims | unset (erasure refused)",
  MONGODB_URI:
    "Set, claims and rate limits live in MongoDB (`npm run doctor -- --store` proves it); unset, in SQLite under `DATA_DIR`; production requires it or an explicit `DATA_DIR` | Secret: your database; more than one instance needs it | unset",
  DATA_DIR:
    "Where SQLite keeps the claims (and the local chain its state) when `MONGODB_URI` is unset: one instance, on a kept volume | Where your kept volume is mounted | `.data`",
  GOOGLE_CLIENT_ID:
    "OAuth 2.0 web client; every token's audience is checked against it | Your Google Cloud OAuth client | the stand-in's",
  GOOGLE_CLIENT_SECRET: "That client's secret (server only) | Secret: that client's | the stand-in's",
  GOOGLE_EMULATOR_URL:
    "Base URL of a Google stand-in; unset means Google itself, and production refuses it |  | the stand-in",
  YOUTUBE_CHANNEL_ID:
    "The channel viewers must subscribe to: its id (`UC` and 22 characters), never its handle or URL, which start-up refuses | Your channel | `UCtube-local-channel-000`",
  ALLOW_BRAND_ACCOUNTS:
    "`true` lets Brand Accounts' channels claim (ADR 20); otherwise a Brand identity gets `BRAND_ACCOUNT_REFUSED`, since one person may manage up to 100 | Your policy on Brand Accounts | `false`",
  CHAIN_ID:
    "42161 (Arbitrum One) or 421614 (Arbitrum Sepolia), nothing else; transaction links point at its Arbiscan | A testnet rehearsal (421614) | `42161`",
  RPC_URL:
    "JSON-RPC endpoint the server uses; may hold a provider key, never published; production: https only | Your RPC provider (and its key) | the local anvil",
  PUBLIC_RPC_URL:
    "JSON-RPC endpoint given to browsers (`/api/config`, CSP), required when `RPC_URL` looks like it holds a key; production: https only | A keyless RPC when `RPC_URL` holds a key | `RPC_URL`",
  REWARDS_ADDRESS:
    "The TuBERewards contract, the token's only minter: pays the reward at most once per wallet, up to its cap `maxRewards`; the server reads the token from it | Your deployment (`npm run deploy-token` prints it) | deployed locally",
  ENGINE_URL:
    "Engine Cloud's base URL, `https://engine.thirdweb.com` unless a stand-in's; production: https only |  | the stand-in",
  THIRDWEB_SECRET_KEY:
    "thirdweb project secret key (server only); the browser's client id is derived from it, as thirdweb does | Secret: your thirdweb project | local value",
  ENGINE_VAULT_ACCESS_TOKEN: "Engine vault access token (server only) | Secret: your Engine vault | local value",
  ENGINE_SERVER_WALLET:
    "Engine server wallet that sends every reward and pays its gas (keep ETH on it): `REWARDER_ROLE` on the rewards contract, never `MINTER_ROLE` on the token | Your Engine server wallet | anvil account 1",
  ECOSYSTEM_ID: 'Ecosystem wallet behind "Sign in with Google" | Your ecosystem wallet | `ecosystem.tube-local`',
  ECOSYSTEM_PARTNER_ID:
    "This app's partner id in that ecosystem | Your ecosystem admits only its allowlist, your own app included | empty",
  WALLETCONNECT_PROJECT_ID:
    "WalletConnect project id (Reown dashboard); without one, WalletConnect runs on thirdweb's shared default project (ADR 25) | Your own allowed domains, domain verification and usage figures | unset (SDK's default)",
  DEPLOYER_PRIVATE_KEY:
    "`npm run deploy-token` only: deploys the contracts (becoming their admin) and grants or revokes their roles; a production server refuses to start with it | Secret: the contracts' deployer and admin | unset",
};
