/**
 * The HTTP app alone, in-process on port 0, for tests that throw thousands of requests at it: a fresh
 * SQLite store, the Google stand-in, and Engine and RPC URLs that nothing answers (no request here may
 * get as far as a mint). The rate limits are lifted through the app's own settings, loaded as the server loads them.
 */
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { DestinationStream } from "pino";
import { GOOGLE_CALLBACK_PATH } from "@tube/common/constants";
import { startGoogleEmulator } from "@tube/local-world/google-emulator/google-emulator";
import { LOCAL_CHANNEL_ID } from "@tube/local-world/google-emulator/seed-accounts";
import { createApp } from "../app.ts";
import { createClaimControls } from "../claims/claim-controls.ts";
import { mintDriverFromConfig } from "../claims/mint-driver-from-config.ts";
import { createGoogleGateway } from "../google/google-gateway.ts";
import { createLogger } from "../observability/logger.ts";
import { createMetrics } from "../observability/metrics.ts";
import { openSqliteClaimStore } from "../store/sqlite/sqlite-claim-store.ts";
import { testConfig } from "./test-config.ts";
import { APP_CLIENT } from "./test-world.ts";

/** A port nothing listens on: the discard port, refused at once on a local machine. */
const NOBODY = "http://127.0.0.1:9";
const REWARDS_TOKEN = "0x00000000000000000000000000000000000000aa";
const SERVER_WALLET = "0x00000000000000000000000000000000000000bb";
const REWARDS_ADDRESS = "0x00000000000000000000000000000000000000cc";

export async function startInProcessApp(options: { logDestination?: DestinationStream; trustProxy?: string } = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-app-"));
  const publicUrl = "http://localhost:5173";
  const google = await startGoogleEmulator({
    port: 0,
    clients: [{ ...APP_CLIENT, redirectUris: [`${publicUrl}${GOOGLE_CALLBACK_PATH}`] }],
    channelId: LOCAL_CHANNEL_ID,
  });
  const config = testConfig({
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    GOOGLE_CLIENT_ID: APP_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: APP_CLIENT.clientSecret,
    GOOGLE_EMULATOR_URL: google.url,
    YOUTUBE_CHANNEL_ID: LOCAL_CHANNEL_ID,
    RPC_URL: NOBODY,
    REWARDS_ADDRESS,
    ENGINE_URL: NOBODY,
    ENGINE_SERVER_WALLET: SERVER_WALLET,
    THIRDWEB_SECRET_KEY: "unused",
    ENGINE_VAULT_ACCESS_TOKEN: "unused",
    ECOSYSTEM_ID: "ecosystem.test",
    TRUST_PROXY: options.trustProxy,
    RATE_LIMIT_PER_MINUTE: "1000000000",
  });
  const store = await openSqliteClaimStore({ dataDir: config.DATA_DIR });
  const logger = createLogger(options.logDestination ? "info" : "silent", options.logDestination);
  const metrics = createMetrics();
  const { mintDriver } = mintDriverFromConfig(config, { store, metrics, logger });
  const app = createApp(config, {
    // What the server reads from the rewards contract at start-up: nothing answers RPC_URL here.
    tokenAddress: () => REWARDS_TOKEN,
    store,
    google: createGoogleGateway({ ...APP_CLIENT, emulatorUrl: google.url }),
    mintDriver,
    controls: createClaimControls(store),
    metrics,
    logger,
    probes: [],
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
