import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** Prometheus metrics served at GET /metrics; one registry per app so tests stay isolated. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    claims: new Counter({
      name: "tube_claims_total",
      help: "Claim requests by outcome",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    mintLatency: new Histogram({
      name: "tube_mint_latency_seconds",
      help: "Time from reserving a claim to its confirmed mint",
      buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
      registers: [registry],
    }),
    upstreamCalls: new Counter({
      name: "tube_upstream_calls_total",
      help: "Calls to Google and Engine by outcome",
      labelNames: ["service", "outcome"] as const,
      registers: [registry],
    }),
    youtubeQuotaUnits: new Counter({
      name: "youtube_quota_units_total",
      help: "YouTube Data API quota units spent, as Google counts them (every request, failed or not)",
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
