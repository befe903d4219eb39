import { Router } from "express";
import type { PublicConfig } from "@tube/common/api";
import type { Logger } from "../observability/logger.ts";
import type { Metrics } from "../observability/metrics.ts";

export interface ReadinessProbe {
  name: string;
  check(): Promise<void>;
}

interface Readiness {
  ready: boolean;
  checks: Record<string, "ok" | "unavailable">;
}

/**
 * Public settings, liveness, readiness and metrics. Readiness is answered from one probe run for
 * `readinessCacheSeconds`, and simultaneous requests share the run in progress: /readyz is public, and each
 * run calls Engine.
 */
export function opsRoutes(deps: {
  publicConfig: PublicConfig;
  probes: ReadinessProbe[];
  metrics: Metrics;
  logger: Logger;
  readinessCacheSeconds: number;
}): Router {
  const router = Router();
  let lastRun: { readiness: Promise<Readiness>; expiresAt: number } | null = null;

  async function probeAll(): Promise<Readiness> {
    const results = await Promise.all(
      deps.probes.map(async (probe) => {
        try {
          await withTimeout(probe.check(), 3000);
          return [probe.name, "ok"] as const;
        } catch (error) {
          deps.logger.warn({ probe: probe.name, err: error }, "readiness probe failed");
          return [probe.name, "unavailable"] as const;
        }
      }),
    );
    return { ready: results.every(([, state]) => state === "ok"), checks: Object.fromEntries(results) };
  }

  function readiness(now = Date.now()): Promise<Readiness> {
    if (!lastRun || lastRun.expiresAt <= now) {
      const run = probeAll();
      // Until it settles the run is shared; once settled it is kept for the cache window from then.
      lastRun = { readiness: run, expiresAt: Number.POSITIVE_INFINITY };
      const current = lastRun;
      void run.finally(() => {
        current.expiresAt = Date.now() + deps.readinessCacheSeconds * 1000;
      });
    }
    return lastRun.readiness;
  }

  router.get("/api/config", (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.json(deps.publicConfig);
  });

  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });

  router.get("/readyz", async (_req, res) => {
    const { ready, checks } = await readiness();
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not ready", checks });
  });

  router.get("/metrics", async (_req, res) => {
    res.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });

  return router;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref()),
  ]);
}
