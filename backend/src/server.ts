import type { AddressInfo } from "node:net";
import type { PublicConfig } from "@tube/common/api";
import { createApp } from "./app.ts";
import { createClaimControls } from "./claims/claim-controls.ts";
import { mintDriverFromConfig } from "./claims/mint-driver-from-config.ts";
import type { Config } from "./config.ts";
import { createGoogleGateway } from "./google/google-gateway.ts";
import { createLogger, type Logger } from "./observability/logger.ts";
import { jsonRpc } from "./minting/json-rpc.ts";
import { readNativeBalance } from "./minting/wallet-balance.ts";
import { createMetrics, registerOperatorMetrics, registerStateGauges } from "./observability/metrics.ts";
import { createYoutubeQuotaMeter } from "./observability/youtube-quota.ts";
import { fixedWindowStore } from "./http/rate-limit/fixed-window-store.ts";
import { openClaimStore } from "./store/open-claim-store.ts";

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Wires the real adapters from the config, reconciles unfinished claims, then listens. */
export async function startServer(
  config: Config,
  logger: Logger = createLogger(config.LOG_LEVEL),
): Promise<RunningServer> {
  const metrics = createMetrics();
  const { store, kind } = await openClaimStore(config.storeOptions);
  logger.info({ store: kind }, "claim store open");

  const youtubeQuota = createYoutubeQuotaMeter({
    store,
    metrics,
    logger,
    dailyQuotaUnits: config.YOUTUBE_DAILY_QUOTA_UNITS,
  });
  let engineAnswered: boolean | undefined;
  registerStateGauges(
    metrics,
    {
      budgetSlotsUsed: () => store.budget.slotsUsed(),
      listUnfinishedCreatedAt: async () => (await store.claims.listUnfinished()).map((claim) => claim.createdAt),
      maxTotalClaims: config.MAX_TOTAL_CLAIMS,
      youtubeQuotaUnitsToday: () => youtubeQuota.unitsToday(),
      serverWalletBalanceWei: () => readNativeBalance(config.RPC_URL, config.ENGINE_SERVER_WALLET),
      rewardCap: async () => {
        const [rewardsPaid, maxRewards] = await Promise.all([
          readUint(config.RPC_URL, config.REWARDS_ADDRESS, REWARDS_PAID_SELECTOR),
          readUint(config.RPC_URL, config.REWARDS_ADDRESS, MAX_REWARDS_SELECTOR),
        ]);
        return { rewardsPaid, maxRewards };
      },
      engineAnswered: () => engineAnswered,
    },
    {
      ttlMs: config.METRICS_CACHE_SECONDS * 1000,
      onReadFailed: (upstream, error) => logger.warn({ upstream, err: error }, "metrics read failed"),
    },
  );

  const controls = createClaimControls(store);
  registerOperatorMetrics(metrics, {
    paused: () => controls.paused(),
    operatorActionCounts: () => store.operator.actionCounts(),
  });

  const countCall = (service: string) => (outcome: string) => metrics.upstreamCalls.inc({ service, outcome });
  const google = createGoogleGateway({
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    emulatorUrl: config.GOOGLE_EMULATOR_URL,
    allowBrandAccounts: config.ALLOW_BRAND_ACCOUNTS,
    logger,
    timeoutMs: config.GOOGLE_TIMEOUT_MS,
    onCall: (api, outcome) => countCall(`google_${api}`)(outcome),
    onQuotaUnits: (units) => youtubeQuota.spend(units),
  });
  const { minter, chainReader, mintDriver } = mintDriverFromConfig(config, {
    store,
    metrics,
    logger,
    onEngineCall: (api, outcome) => {
      engineAnswered = outcome === "ok";
      countCall(`engine_${api}`)(outcome);
    },
  });

  const publicConfig: PublicConfig = {
    thirdwebClientId: config.THIRDWEB_CLIENT_ID,
    ecosystemId: config.ECOSYSTEM_ID,
    ecosystemPartnerId: config.ECOSYSTEM_PARTNER_ID,
    walletConnectProjectId: config.WALLETCONNECT_PROJECT_ID,
    chainId: config.CHAIN_ID,
    rpcUrl: config.publicRpcUrl,
    explorerUrl: config.EXPLORER_URL,
    tokenAddress: config.TOKEN_ADDRESS,
    youtubeChannelId: config.YOUTUBE_CHANNEL_ID,
    googleClientId: config.GOOGLE_CLIENT_ID,
    googleAuthUrl: config.googleAuthUrl,
    walletConnectTimeoutSeconds: config.WALLET_CONNECT_TIMEOUT_SECONDS,
  };

  const app = createApp({
    store,
    google,
    mintDriver,
    controls,
    metrics,
    logger,
    publicConfig,
    rateLimitStoreFor: (prefix) => fixedWindowStore(prefix, store.rateLimits),
    probes: [
      { name: "store", check: () => store.ping() },
      { name: "chain", check: () => chainReader.ping() },
      { name: "engine", check: () => minter.ping() },
    ],
    settings: {
      publicUrl: config.PUBLIC_URL,
      channelId: config.YOUTUBE_CHANNEL_ID,
      explorerUrl: config.EXPLORER_URL,
      rpcUrl: config.publicRpcUrl,
      trustProxy: config.TRUST_PROXY,
      rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      maxTotalClaims: config.MAX_TOTAL_CLAIMS,
      staticDir: config.STATIC_DIR,
      subscriptionCacheSeconds: config.SUBSCRIPTION_CACHE_SECONDS,
      verifyLimitPerAccount: config.VERIFY_LIMIT_PER_ACCOUNT,
      verifyLimitWindowSeconds: config.VERIFY_LIMIT_WINDOW_SECONDS,
      verifyLimitPerAccountPerDay: config.VERIFY_LIMIT_PER_ACCOUNT_PER_DAY,
      youtubeDailyQuotaUnits: config.YOUTUBE_DAILY_QUOTA_UNITS,
      youtubeQuotaReserveUnits: config.YOUTUBE_QUOTA_RESERVE_UNITS,
      readinessCacheSeconds: config.READINESS_CACHE_SECONDS,
      metricsToken: config.METRICS_TOKEN,
      engineWebhookSecret: config.ENGINE_WEBHOOK_SECRET,
    },
  });

  mintDriver.start();

  const httpServer = app.listen(config.PORT);
  await new Promise<void>((resolve, reject) => {
    httpServer.once("listening", resolve);
    httpServer.once("error", reject);
  });
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  logger.info({ url, publicUrl: config.PUBLIC_URL }, "listening");

  return {
    url,
    async stop() {
      await mintDriver.stop();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeAllConnections();
      await store.close();
    },
  };
}

/** First 4 bytes of the keccak-256 of `rewardsPaid()` and `maxRewards()` (the deploy-path test reads the gauge from a deployed contract). */
const REWARDS_PAID_SELECTOR = "0x69d8d6d2";
const MAX_REWARDS_SELECTOR = "0xd619658b";

/** A uint256 view of a contract, over plain JSON-RPC like the balance: one `eth_call`, for the metrics scrape. */
async function readUint(rpcUrl: string, to: string, data: string, timeoutMs = 5_000): Promise<bigint> {
  const result = await jsonRpc<string>(rpcUrl, { method: "eth_call", params: [{ to, data }, "latest"] }, timeoutMs);
  // "0x" is what a call to an address without code answers.
  if (result === "0x") throw new Error(`eth_call ${data}: no contract at ${to}`);
  return BigInt(result);
}
