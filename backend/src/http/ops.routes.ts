import { createHash, timingSafeEqual } from "node:crypto";
import { Router, type RequestHandler } from "express";
import { ipKeyGenerator, MemoryStore, type Options } from "express-rate-limit";
import type { PublicConfig } from "@tube/common/api";
import { AppError } from "../errors.ts";
import type { Logger } from "../observability/logger.ts";
import { cachedRun, type Metrics } from "../observability/metrics.ts";

export interface ReadinessProbe {
  name: string;
  check(): Promise<void>;
}

/** /readyz cannot hammer Engine, yet a load balancer sees an outage at once. */
const READINESS_CACHE_SECONDS = 5;

/** /readyz is public and each run calls Engine, so requests share one; details need the metrics token. */
export function opsRoutes(deps: {
  publicConfig: () => PublicConfig;
  probes: ReadinessProbe[];
  metrics: Metrics;
  logger: Logger;
  readinessCacheSeconds?: number;
  /** Unset (never in production): the operator endpoints are open. */
  metricsToken: string | undefined;
}) {
  const { readinessCacheSeconds = READINESS_CACHE_SECONDS } = deps;
  const router = Router();

  const readiness = cachedRun(async () => {
    const checks: Record<string, "ok" | "unavailable"> = {};
    const errors: Record<string, string> = {};
    for (const { name } of deps.probes) checks[name] = "ok";
    await Promise.all(
      deps.probes.map(async (probe) => {
        try {
          const timeout = new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error("timed out after 3000 ms")), 3000).unref(),
          );
          await Promise.race([probe.check(), timeout]);
        } catch (error) {
          deps.logger.warn({ probe: probe.name, err: error }, "readiness probe failed");
          checks[probe.name] = "unavailable";
          // The cause, not the visitor's sentence: the operator needs to know what to fix.
          const cause = error instanceof AppError && error.cause instanceof Error ? error.cause : error;
          errors[probe.name] = cause instanceof Error ? cause.message : String(cause);
        }
      }),
    );
    return { ready: Object.keys(errors).length === 0, checks, errors };
  }, readinessCacheSeconds * 1000);

  router.get("/api/config", (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.json(deps.publicConfig());
  });

  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });

  router.get("/readyz", async (_req, res) => {
    const { ready } = await readiness();
    res.status(ready ? 200 : 503).json({ ready });
  });

  const operatorOnly = bearerToken(deps.metricsToken);

  router.get("/readyz/details", operatorOnly, async (_req, res) => {
    const { ready, checks, errors } = await readiness();
    res.status(ready ? 200 : 503).json({ ready, checks, errors });
  });

  router.get("/metrics", operatorOnly, async (_req, res) => {
    res.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });

  return router;
}

/** Wrong tokens a client may send a minute; past them even the right one is refused unchecked. */
const OPERATOR_GUESSES_PER_MINUTE = 10;

function bearerToken(token: string | undefined): RequestHandler {
  if (token === undefined) return (_req, _res, next) => next();
  // Equal-length digests: the comparison takes the same time whatever was sent.
  const expected = digest(token);
  // Only failures count, so scrapes never use up a client's allowance.
  const failures = new MemoryStore();
  failures.init({ windowMs: 60_000 } as Options);
  return async (req, res, next) => {
    const client = ipKeyGenerator(req.ip ?? "", 56);
    if (((await failures.get(client))?.totalHits ?? 0) >= OPERATOR_GUESSES_PER_MINUTE)
      return next(new AppError("RATE_LIMITED", { retryAfterSeconds: 60 }));
    const given = /^Bearer (.+)$/i.exec(req.get("authorization") ?? "")?.[1];
    if (given !== undefined && timingSafeEqual(digest(given), expected)) return next();
    await failures.increment(client);
    res.setHeader("WWW-Authenticate", 'Bearer realm="operator"');
    next(new AppError("OPERATOR_TOKEN_REQUIRED"));
  };
}

function digest(value: string) {
  return createHash("sha256").update(value).digest();
}
