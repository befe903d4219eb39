/**
 * The HTTP app alone, in-process on port 0, for tests that throw thousands of requests at it: a fresh
 * SQLite store, the Google stand-in, and Engine and RPC URLs that nothing answers (no request here may
 * get as far as a mint). The rate limits are lifted through the app's own settings.
 */
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { DestinationStream } from "pino";
import { GOOGLE_CALLBACK_PATH, REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { startGoogleEmulator } from "@tube/local-world/google-emulator/google-emulator";
import { LOCAL_CHANNEL_ID } from "@tube/local-world/google-emulator/seed-accounts";
import { createApp, type AppDeps } from "../app.ts";
import { createClaimControls } from "../claims/claim-controls.ts";
import { createMintDriver } from "../claims/mint-driver.ts";
import { createGoogleGateway } from "../google/google-gateway.ts";
import { createChainReader } from "../minting/chain-reader.ts";
import { createEngineMinter } from "../minting/engine-minter.ts";
import { createLogger } from "../observability/logger.ts";
import { createMetrics } from "../observability/metrics.ts";
import { openSqliteClaimStore } from "../store/sqlite/sqlite-claim-store.ts";
import { APP_CLIENT } from "./test-world.ts";

/** A port nothing listens on: the discard port, refused at once on a local machine. */
const NOBODY = "http://127.0.0.1:9";
const TOKEN_ADDRESS = "0x00000000000000000000000000000000000000aa";
const SERVER_WALLET = "0x00000000000000000000000000000000000000bb";
const REWARDS_ADDRESS = "0x00000000000000000000000000000000000000cc";

export async function startInProcessApp(
  options: { logDestination?: DestinationStream; trustProxy?: AppDeps["settings"]["trustProxy"] } = {},
) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-app-"));
  const publicUrl = "http://localhost:5173";
  const google = await startGoogleEmulator({
    port: 0,
    clients: [{ ...APP_CLIENT, redirectUris: [`${publicUrl}${GOOGLE_CALLBACK_PATH}`] }],
    channelId: LOCAL_CHANNEL_ID,
  });
  const store = await openSqliteClaimStore({ dataDir });
  const logger = createLogger(options.logDestination ? "info" : "silent", options.logDestination);
  const metrics = createMetrics();
  const minter = createEngineMinter({
    engineUrl: NOBODY,
    secretKey: "unused",
    vaultAccessToken: "unused",
    serverWallet: SERVER_WALLET,
    chainId: 42161,
    rewardsAddress: REWARDS_ADDRESS,
  });
  const chainReader = createChainReader({
    rpcUrl: NOBODY,
    chainId: 42161,
    rewardsAddress: REWARDS_ADDRESS,
    rewardAmountWei: REWARD_AMOUNT_WEI,
    finality: "latest",
    maxBatchCalls: 50,
  });
  const app = createApp({
    store,
    google: createGoogleGateway({ ...APP_CLIENT, emulatorUrl: google.url }),
    mintDriver: createMintDriver({
      store,
      minter,
      chainReader,
      maxAttempts: 3,
      graceBlocks: 50n,
      leaseMs: 30_000,
      intervalMs: 500,
      metrics,
      logger,
    }),
    controls: createClaimControls(store),
    metrics,
    logger,
    probes: [],
    publicConfig: {
      thirdwebClientId: "test",
      ecosystemId: "ecosystem.test",
      ecosystemPartnerId: "",
      walletConnectProjectId: "",
      chainId: 42161,
      rpcUrl: NOBODY,
      explorerUrl: "https://arbiscan.io",
      tokenAddress: TOKEN_ADDRESS,
      youtubeChannelId: LOCAL_CHANNEL_ID,
      googleClientId: APP_CLIENT.clientId,
      googleAuthUrl: `${google.url}/o/oauth2/v2/auth`,
      walletConnectTimeoutSeconds: 30,
    },
    settings: {
      publicUrl,
      channelId: LOCAL_CHANNEL_ID,
      explorerUrl: "https://arbiscan.io",
      rpcUrl: NOBODY,
      trustProxy: options.trustProxy ?? false,
      rateLimitPerMinute: 1_000_000_000,
      maxTotalClaims: undefined,
      staticDir: undefined,
      subscriptionCacheSeconds: 300,
      verifyLimitPerAccount: 10,
      verifyLimitWindowSeconds: 600,
      verifyLimitPerAccountPerDay: 20,
      youtubeDailyQuotaUnits: 10_000,
      youtubeQuotaReserveUnits: 500,
      readinessCacheSeconds: 5,
      metricsToken: undefined,
      // Set, so the webhook route is mounted and gets malformed posts too.
      engineWebhookSecret: "in-process-webhook-secret",
    },
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    publicUrl,
    store,
    dbFile: path.join(dataDir, "claims.sqlite"),
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await store.close();
      await google.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type InProcessApp = Awaited<ReturnType<typeof startInProcessApp>>;
