import fs from "node:fs";
import path from "node:path";
import express, { type Express } from "express";
import type { Store } from "express-rate-limit";
import { pinoHttp } from "pino-http";
import type { PublicConfig } from "@tube/common/api";
import { GOOGLE_CALLBACK_PATH } from "@tube/common/constants";
import { claimRoutes } from "./claims/claim.routes.ts";
import type { MintDriver } from "./claims/mint-driver.ts";
import type { GoogleGateway } from "./google/google-gateway.ts";
import { errorHandler, notFoundHandler } from "./http/error-handler.ts";
import { opsRoutes, type ReadinessProbe } from "./http/ops.routes.ts";
import { apiRateLimits, corsForOrigin, keepOpenerOn, securityHeaders } from "./http/security.ts";
import type { Logger } from "./observability/logger.ts";
import type { Metrics } from "./observability/metrics.ts";
import { requestContext } from "./observability/request-context.ts";
import type { ClaimStore } from "./store/claim-store.ts";

export interface AppDeps {
  store: ClaimStore;
  google: GoogleGateway;
  mintDriver: MintDriver;
  metrics: Metrics;
  logger: Logger;
  probes: ReadinessProbe[];
  publicConfig: PublicConfig;
  /** Rate-limit counters shared by every process on the store; unset, each process counts alone. */
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
  };
}

/** Builds the HTTP app without listening, so tests can start it on port 0. */
export function createApp(deps: AppDeps): Express {
  const { settings } = deps;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", settings.trustProxy);

  app.use(requestContext());
  app.use(pinoHttp({ logger: deps.logger, genReqId: (req) => req.id, autoLogging: { ignore: (req) => req.url === "/healthz" } }));
  app.use(securityHeaders({ rpcUrl: settings.rpcUrl }), keepOpenerOn(GOOGLE_CALLBACK_PATH));
  app.use(opsRoutes(deps));

  app.use(
    "/api",
    corsForOrigin(settings.publicUrl),
    ...apiRateLimits(settings.rateLimitPerMinute, deps.rateLimitStoreFor),
    express.json({ limit: "16kb", strict: true }),
    claimRoutes({ ...deps, ...settings }),
    notFoundHandler,
  );

  if (settings.staticDir && fs.existsSync(path.join(settings.staticDir, "index.html"))) {
    serveFrontend(app, settings.staticDir);
  }
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

/** The single-page app: hashed assets cached for good, every other path answered with index.html. */
function serveFrontend(app: Express, staticDir: string): void {
  app.use("/assets", express.static(path.join(staticDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }));
  app.use(express.static(staticDir, { index: false, maxAge: "1h" }));
  const indexHtml = path.join(staticDir, "index.html");
  app.get("/{*path}", (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(indexHtml);
  });
}
