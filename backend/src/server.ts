import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { createApp, type AppTuning } from "./app.ts";
import { createClaimControls } from "./claims/claim-controls.ts";
import { mintDriverFromConfig } from "./claims/mint-driver-from-config.ts";
import type { MintTuning } from "./claims/mint-driver.ts";
import type { Config } from "./config.ts";
import { createGoogleGateway } from "./google/google-gateway.ts";
import { edgeServer } from "./http/edge-server.ts";
import { createLogger, type Logger } from "./observability/logger.ts";
import { readNativeBalance, readRewardCap } from "./minting/rewards-contract.ts";
import { createChainSetup } from "./observability/chain-setup.ts";
import { createMetrics, registerOperatorMetrics, registerStateGauges } from "./observability/metrics.ts";
import { createYoutubeQuotaMeter } from "./observability/youtube-quota.ts";
import { openClaimStoreInTime } from "./store/open-claim-store.ts";

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export interface ServerTuning extends AppTuning {
  sqliteBusyTimeoutMs?: number;
  googleTimeoutMs?: number;
  metricsCacheMs?: number;
  mint?: MintTuning;
  chainSetupRetryMs?: number;
}

export interface ServerOptions {
  staticDir?: string;
  tuning?: ServerTuning;
}

export async function startServer(
  config: Config,
  logger: Logger = createLogger(),
  { staticDir, tuning = {} }: ServerOptions = {},
): Promise<RunningServer> {
  const metrics = createMetrics();
  const { store, opened } = await openClaimStoreInTime(
    { ...config.storeOptions, sqliteBusyTimeoutMs: tuning.sqliteBusyTimeoutMs },
    logger,
  );

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
      rewardCap: () => readRewardCap(config.RPC_URL, config.REWARDS_ADDRESS),
      engineAnswered: () => engineAnswered,
    },
    {
      ttlMs: tuning.metricsCacheMs,
      onReadFailed: (upstream, error) => logger.warn({ upstream, err: error }, "metrics read failed"),
    },
  );

  const setup = createChainSetup(config, {
    logger,
    retryMs: tuning.chainSetupRetryMs,
    // Never before the setup holds: with another reward amount, every mint would pay and never confirm.
    onReady: () => void opened.then(() => mintDriver.start()),
  });
  const controls = createClaimControls(store, setup.assertReady);
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
    timeoutMs: tuning.googleTimeoutMs,
    onCall: (api, outcome) => countCall(`google_${api}`)(outcome),
    onQuotaUnits: (units) => youtubeQuota.spend(units),
  });
  const { minter, chainReader, mintDriver } = mintDriverFromConfig(config, {
    store,
    metrics,
    logger,
    tuning: tuning.mint,
    onEngineCall: (api, outcome) => {
      engineAnswered = outcome === "ok";
      countCall(`engine_${api}`)(outcome);
    },
  });

  const app = createApp(
    config,
    {
      tokenAddress: setup.tokenAddress,
      store,
      google,
      mintDriver,
      controls,
      metrics,
      logger,
      probes: [
        { name: "store", check: () => store.ping() },
        { name: "chain", check: () => chainReader.ping() },
        { name: "engine", check: () => minter.ping() },
        setup.probe,
      ],
      staticDir,
    },
    tuning,
  );

  // One read before listening, so a server whose upstreams answer takes claims from its first request.
  await setup.start();
  const httpServer = edgeServer(app).listen(config.PORT, config.listenHost);
  await once(httpServer, "listening");
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  logger.info({ url, publicUrl: config.PUBLIC_URL }, "listening");

  return {
    url,
    async stop() {
      setup.stop();
      await mintDriver.stop();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeAllConnections();
      await store.close();
    },
  };
}
