import fs from "node:fs";
import path from "node:path";
import express, { type Express } from "express";
import type { Store } from "express-rate-limit";
import type { PublicConfig } from "@tube/common/api";
import { GOOGLE_CALLBACK_PATH } from "@tube/common/constants";
import type { ClaimControls } from "./claims/claim-controls.ts";
import { claimRoutes } from "./claims/claim.routes.ts";
import { engineWebhookRoutes } from "./claims/engine-webhook.routes.ts";
import { createSubscriptionVerifier } from "./claims/subscription-verifier.ts";
import { createVerificationAdmission } from "./claims/verification-admission.ts";
import type { MintDriver } from "./claims/mint-driver.ts";
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

export interface AppDeps {
  store: ClaimStore;
  google: GoogleGateway;
  mintDriver: MintDriver;
  /** The operator's pause switch and deny list, as this process reads them. */
  controls: ClaimControls;
  metrics: Metrics;
  logger: Logger;
  probes: ReadinessProbe[];
  publicConfig: PublicConfig;
  /** Write rate-limit counters shared by every process on the store; unset, each process counts alone. */
  rateLimitStoreFor?: (prefix: string) => Store;
  settings: {
    publicUrl: string;
    channelId: string;
    explorerUrl: string;
    rpcUrl: string;
    trustProxy: boolean | number | string[];
    rateLimitPerMinute: number;
    maxTotalClaims: number | undefined;
    /** Built frontend to serve on the same origin, when present. */
    staticDir: string | undefined;
    subscriptionCacheSeconds: number;
    verifyLimitPerAccount: number;
    verifyLimitWindowSeconds: number;
    verifyLimitPerAccountPerDay: number;
    youtubeDailyQuotaUnits: number;
    youtubeQuotaReserveUnits: number;
    readinessCacheSeconds: number;
    /** What /metrics and /readyz/details ask for as `Authorization: Bearer`; unset, they are open (never in production). */
    metricsToken: string | undefined;
    /** The secret Engine signs its webhook posts with; unset, the webhook route is not mounted. */
    engineWebhookSecret?: string | undefined;
  };
}

/** Builds the HTTP app without listening, so tests can start it on port 0. */
export function createApp(deps: AppDeps): Express {
  const { settings } = deps;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", settings.trustProxy);

  app.use(requestContext());
  app.use(requestLogger(deps.logger));
  app.use(securityHeaders({ rpcUrl: settings.rpcUrl }), keepOpenerOn(GOOGLE_CALLBACK_PATH));
  app.use(
    opsRoutes({
      ...deps,
      readinessCacheSeconds: settings.readinessCacheSeconds,
      metricsToken: settings.metricsToken,
    }),
  );

  // After the ops routes: probes and scrapes reach the app without passing its proxies.
  app.use(
    trustProxyWatch({
      trustProxy: settings.trustProxy,
      trustProxyMismatches: deps.metrics.trustProxyMismatches,
      logger: deps.logger,
    }),
  );

  const subscriptions = createSubscriptionVerifier({
    google: deps.google,
    channelId: settings.channelId,
    cacheSeconds: settings.subscriptionCacheSeconds,
    admission: createVerificationAdmission({
      store: deps.store,
      limitPerWindow: settings.verifyLimitPerAccount,
      windowSeconds: settings.verifyLimitWindowSeconds,
      limitPerDay: settings.verifyLimitPerAccountPerDay,
      dailyQuotaUnits: settings.youtubeDailyQuotaUnits,
      reserveUnits: settings.youtubeQuotaReserveUnits,
    }),
  });

  // The API answers with live claim state, never to be reused: no-store, and so no ETag (Express's default is a SHA-1
  // of every JSON body, which no client could use). A sub-app scopes the setting: the page and static files keep
  // theirs for revalidation, and GET /api/config (an ops route, answered before this stack) keeps its no-cache.
  if (settings.engineWebhookSecret)
    app.use(
      engineWebhookRoutes({
        secret: settings.engineWebhookSecret,
        mintDriver: deps.mintDriver,
        metrics: deps.metrics,
        logger: deps.logger,
      }),
    );

  const api = express();
  api.disable("x-powered-by");
  api.set("etag", false);
  app.use("/api", api);
  api.use(
    noStore,
    corsForOrigin(settings.publicUrl),
    apiRateLimits(settings.rateLimitPerMinute, deps.rateLimitStoreFor),
    express.json({ limit: "16kb", strict: true }),
    claimRoutes({ ...deps, ...settings, subscriptions }),
    notFoundHandler,
    // Here too, so the API's refusals are answered under its settings (no ETag) rather than the app's.
    errorHandler,
  );

  if (settings.staticDir && fs.existsSync(path.join(settings.staticDir, "index.html"))) {
    app.use(
      staticSite({ staticDir: settings.staticDir, publicConfig: deps.publicConfig, publicUrl: settings.publicUrl }),
    );
  }
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
