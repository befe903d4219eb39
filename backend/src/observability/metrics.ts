import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** One registry per app, so tests stay isolated. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const counter = <Label extends string = never>(name: string, help: string, labelNames: readonly Label[] = []) =>
    new Counter({ name, help, labelNames, registers });
  return {
    registry,
    claims: counter("tube_claims_total", "Claim requests by outcome", ["outcome"]),
    mintLatency: new Histogram({
      name: "tube_mint_latency_seconds",
      help: "Time from reserving a claim to its confirmed mint",
      buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
      registers,
    }),
    upstreamCalls: counter(
      "tube_upstream_calls_total",
      "Calls to Google and Engine by service and outcome (ok, or the error kind)",
      ["service", "outcome"],
    ),
    youtubeQuotaUnits: counter(
      "youtube_quota_units_total",
      "YouTube Data API quota units this process spent, as Google counts them (every request, failed or not)",
    ),
    mintSigningFailures: counter(
      "tube_mint_signing_failures_total",
      "Mint attempts Engine failed without signing them (a wrong ENGINE_VAULT_ACCESS_TOKEN, or an ENGINE_SERVER_WALLET the vault does not hold); not counted against the claim",
    ),
    mintingBlocked: new Gauge({
      name: "tube_minting_blocked",
      help: "1 while Engine cannot sign as the server wallet: this process holds its claims and refuses new ones (MINTING_PAUSED) until a signing probe succeeds",
      registers,
    }),
    trustProxyMismatches: counter(
      "tube_trust_proxy_mismatches_total",
      "Requests that contradict TRUST_PROXY, by sign: forwarded headers from a peer it does not trust (untrusted_peer)",
      ["sign"],
    ),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Lower bounds in seconds. */
const AGE_BANDS = [
  ["under_1m", -Infinity],
  ["1m_to_10m", 60],
  ["10m_to_1h", 600],
  ["over_1h", 3600],
] as const;

/** A failed read keeps its gauges' last good values: an alert on one upstream must not blind every other. */
export function registerStateGauges(
  metrics: Metrics,
  sources: {
    budgetSlotsUsed(): Promise<number>;
    listUnfinishedCreatedAt(): Promise<Date[]>;
    maxTotalClaims: number | undefined;
    youtubeQuotaUnitsToday(): Promise<number>;
    serverWalletBalanceWei(): Promise<bigint>;
    rewardCap(): Promise<{ rewardsPaid: bigint; maxRewards: bigint }>;
    engineAnswered?(): boolean | undefined;
  },
  options: { ttlMs?: number; onReadFailed?: (upstream: "store" | "rpc", error: unknown) => void } = {},
) {
  const { ttlMs = 15_000 } = options;
  const registers = [metrics.registry];
  const budget = sources.maxTotalClaims;
  const store = cachedRead("store", async () => {
    const [budgetSlotsUsed, unfinished, quotaUnitsToday] = await Promise.all([
      budget === undefined ? undefined : sources.budgetSlotsUsed(),
      sources.listUnfinishedCreatedAt(),
      sources.youtubeQuotaUnitsToday(),
    ]);
    return { budgetSlotsUsed, unfinished, quotaUnitsToday };
  });
  const rpc = cachedRead("rpc", async () => {
    const [balanceWei, cap] = await Promise.all([sources.serverWalletBalanceWei(), sources.rewardCap()]);
    return { balanceWei, ...cap };
  });

  /** Never rejects: a failure is cached like a success, with the last good value. */
  function cachedRead<T>(upstream: "store" | "rpc", read: () => Promise<T>) {
    let last: T | undefined;
    return cachedRun(
      () =>
        read().then(
          (value) => ({ up: true, last: (last = value) }),
          (error: unknown) => {
            options.onReadFailed?.(upstream, error);
            return { up: false, last };
          },
        ),
      ttlMs,
    );
  }

  new Gauge({
    name: "tube_upstream_up",
    help: "1 when the last read of the upstream (store, rpc) or the last call to it (engine) succeeded, 0 when it failed",
    labelNames: ["upstream"] as const,
    registers,
    async collect() {
      const [storeRead, rpcRead] = await Promise.all([store(), rpc()]);
      this.set({ upstream: "store" }, storeRead.up ? 1 : 0);
      this.set({ upstream: "rpc" }, rpcRead.up ? 1 : 0);
      const engine = sources.engineAnswered?.();
      if (engine === undefined) this.remove({ upstream: "engine" });
      else this.set({ upstream: "engine" }, engine ? 1 : 0);
    },
  });
  const valueGauge = (name: string, help: string, value: () => Promise<number | undefined>) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const current = await value();
        if (current === undefined) this.remove();
        else this.set(current);
      },
    });
  if (budget !== undefined)
    valueGauge(
      "tube_claim_budget_left",
      "Claims that can still be made before MAX_TOTAL_CLAIMS is reached",
      async () => {
        const used = (await store()).last?.budgetSlotsUsed;
        return used === undefined ? undefined : Math.max(budget - used, 0);
      },
    );
  new Gauge({
    name: "tube_claims_unfinished",
    help: "Claims reserved, queued or submitted, by how long ago they were made",
    labelNames: ["age"] as const,
    registers,
    async collect() {
      const unfinished = (await store()).last?.unfinished;
      if (!unfinished) return this.reset();
      const ages = unfinished.map((createdAt) => (Date.now() - createdAt.getTime()) / 1000);
      AGE_BANDS.forEach(([age, from], band) => {
        const until = AGE_BANDS[band + 1]?.[1] ?? Infinity;
        this.set({ age }, ages.filter((seconds) => seconds >= from && seconds < until).length);
      });
    },
  });
  valueGauge(
    "tube_youtube_quota_units_today",
    "YouTube Data API units spent since midnight Pacific time (Google's quota day) by every process on this store",
    async () => (await store()).last?.quotaUnitsToday,
  );
  valueGauge(
    "tube_server_wallet_balance_eth",
    "Native balance (gas) of the Engine server wallet that sends the mints",
    async () => {
      const balanceWei = (await rpc()).last?.balanceWei;
      // A float is fine for a gauge, never for amounts we send.
      return balanceWei === undefined ? undefined : Number(balanceWei) / 1e18;
    },
  );
  valueGauge(
    "tube_rewards_left",
    "Rewards the rewards contract still pays before its on-chain cap (maxRewards - rewardsPaid); past it every reward reverts",
    async () => {
      const cap = (await rpc()).last;
      // An admin may lower the cap below what was paid: then nothing is left, not a negative count.
      return cap && Number(cap.maxRewards > cap.rewardsPaid ? cap.maxRewards - cap.rewardsPaid : 0n);
    },
  );
}

/** `run` at most once per `ttlMs` after it settles, its answer shared by every caller meanwhile. */
export function cachedRun<T>(run: () => Promise<T>, ttlMs: number) {
  let current: { result: Promise<T>; expiresAt: number } | null = null;
  return () => {
    if (!current || current.expiresAt <= Date.now()) {
      const next = { result: run(), expiresAt: Number.POSITIVE_INFINITY };
      current = next;
      const settled = () => void (next.expiresAt = Date.now() + ttlMs);
      next.result.then(settled, settled);
    }
    return current.result;
  };
}

export function registerOperatorMetrics(
  metrics: Metrics,
  sources: { paused(): Promise<boolean>; operatorActionCounts(): Promise<Partial<Record<string, number>>> },
) {
  const registers = [metrics.registry];
  new Gauge({
    name: "tube_claims_paused",
    help: "1 while an operator has paused new claims (as this process last read the switch), else 0",
    registers,
    async collect() {
      this.set((await sources.paused()) ? 1 : 0);
    },
  });
  new Counter({
    name: "tube_operator_actions_total",
    help: "Operator actions taken with npm run claims (pause, resume, deny, allow, resolve), as the store counts them",
    labelNames: ["action"] as const,
    registers,
    async collect() {
      const counts = await sources.operatorActionCounts();
      this.reset();
      for (const [action, count] of Object.entries(counts)) if (count) this.inc({ action }, count);
    },
  });
}
