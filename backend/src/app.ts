import fs from "node:fs";
import path from "node:path";
import express, { type Express } from "express";
import { GOOGLE_CALLBACK_PATH } from "@tube/common/constants";
import type { ClaimControls } from "./claims/claim-controls.ts";
import { claimRoutes } from "./claims/claim.routes.ts";
import { createSubscriptionVerifier } from "./claims/subscription-verifier.ts";
import { createVerificationAdmission, type VerificationLimits } from "./claims/verification-admission.ts";
import type { MintDriver } from "./claims/mint-driver.ts";
import type { Config } from "./config.ts";
import type { GoogleGateway } from "./google/google-gateway.ts";
import { errorHandler, notFoundHandler } from "./http/error-handler.ts";
import { opsRoutes, type ReadinessProbe } from "./http/ops.routes.ts";
import { requestLogger } from "./http/request-logger.ts";
import {
  apiRateLimits,
  corsForOrigin,
  keepOpenerOn,
  noStore,
  securityHeaders,
  trustProxyWatch,
} from "./http/security.ts";
import { staticSite } from "./http/static-site.ts";
import type { Logger } from "./observability/logger.ts";
import type { Metrics } from "./observability/metrics.ts";
import { requestContext } from "./observability/request-context.ts";
import type { ClaimStore } from "./store/claim-store.ts";

export interface AppAdapters {
  /** Empty until the server has read it from the rewards contract. */
  tokenAddress: () => string;
  store: ClaimStore;
  google: GoogleGateway;
  mintDriver: MintDriver;
  controls: ClaimControls;
  metrics: Metrics;
  logger: Logger;
  probes: ReadinessProbe[];
  staticDir?: string;
}

/** A test changes these to make one rule show in seconds. */
export interface AppTuning {
  subscriptionCacheSeconds?: number;
  verificationLimits?: Partial<VerificationLimits>;
  readinessCacheSeconds?: number;
}

export function createApp(config: Config, adapters: AppAdapters, tuning: AppTuning = {}): Express {
  const publicConfig = () => ({ ...config.publicConfig, tokenAddress: adapters.tokenAddress() });
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  app.use(requestContext());
  app.use(requestLogger(adapters.logger));
  app.use(securityHeaders({ rpcUrl: config.publicConfig.rpcUrl }), keepOpenerOn(GOOGLE_CALLBACK_PATH));
  app.use(
    opsRoutes({
      ...adapters,
      publicConfig,
      readinessCacheSeconds: tuning.readinessCacheSeconds,
      metricsToken: config.METRICS_TOKEN,
    }),
  );

  // After the ops routes: probes and scrapes reach the app without passing its proxies.
  app.use(
    trustProxyWatch({
      trustProxy: config.TRUST_PROXY,
      trustProxyMismatches: adapters.metrics.trustProxyMismatches,
      logger: adapters.logger,
    }),
  );

  const subscriptions = createSubscriptionVerifier({
    google: adapters.google,
    channelId: config.YOUTUBE_CHANNEL_ID,
    cacheSeconds: tuning.subscriptionCacheSeconds,
    admission: createVerificationAdmission({
      ...tuning.verificationLimits,
      store: adapters.store,
      dailyQuotaUnits: config.YOUTUBE_DAILY_QUOTA_UNITS,
    }),
  });

  // Live claim state: no-store and no ETag, in a sub-app so the page and static files keep theirs.
  const api = express();
  api.disable("x-powered-by");
  api.set("etag", false);
  app.use("/api", api);
  api.use(
    noStore,
    corsForOrigin(config.PUBLIC_URL),
    apiRateLimits(config.RATE_LIMIT_PER_MINUTE, adapters.store.rateLimits),
    express.json({ limit: "16kb", strict: true }),
    claimRoutes({
      ...adapters,
      subscriptions,
      publicUrl: config.PUBLIC_URL,
      explorerUrl: config.publicConfig.explorerUrl,
      channelId: config.YOUTUBE_CHANNEL_ID,
      maxTotalClaims: config.MAX_TOTAL_CLAIMS,
    }),
    notFoundHandler,
    // Here too, so the API's refusals have no ETag.
    errorHandler,
  );

  const { staticDir } = adapters;
  if (staticDir && fs.existsSync(path.join(staticDir, "index.html"))) {
    // The pages carry the token's address: written again once it is read.
    const render = () => ({
      tokenAddress: adapters.tokenAddress(),
      router: staticSite({ staticDir, publicConfig: publicConfig(), publicUrl: config.PUBLIC_URL }),
    });
    let site = render();
    app.use((req, res, next) => {
      if (site.tokenAddress !== adapters.tokenAddress()) site = render();
      site.router(req, res, next);
    });
  }
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
