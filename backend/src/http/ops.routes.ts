import { Router } from "express";
import type { PublicConfig } from "@tube/common/api";
import type { Metrics } from "../observability/metrics.ts";

export interface ReadinessProbe {
  name: string;
  check(): Promise<void>;
}

/** Public settings, liveness, readiness and metrics. */
export function opsRoutes(deps: { publicConfig: PublicConfig; probes: ReadinessProbe[]; metrics: Metrics }): Router {
  const router = Router();

  router.get("/api/config", (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.json(deps.publicConfig);
  });

  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });

  router.get("/readyz", async (req, res) => {
    const results = await Promise.all(
      deps.probes.map(async (probe) => {
        try {
          await withTimeout(probe.check(), 3000);
          return [probe.name, "ok"] as const;
        } catch (error) {
          req.log.warn({ probe: probe.name, err: error }, "readiness probe failed");
          return [probe.name, "unavailable"] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === "ok");
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not ready", checks: Object.fromEntries(results) });
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
