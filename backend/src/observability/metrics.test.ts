import { describe, expect, it } from "vitest";
import { createMetrics, registerStateGauges } from "./metrics.ts";
import { quotaDay } from "./quota-day.ts";

const MINUTE = 60_000;

type StateSources = Parameters<typeof registerStateGauges>[1];

/** No budget, no claims, no quota spent, an empty wallet and one reward under the cap: a test overrides what it reads. */
function quietSources(overrides: Partial<StateSources> = {}): StateSources {
  return {
    budgetSlotsUsed: async () => 0,
    listUnfinishedCreatedAt: async () => [],
    maxTotalClaims: undefined,
    youtubeQuotaUnitsToday: async () => 0,
    serverWalletBalanceWei: async () => 0n,
    rewardCap: async () => ({ rewardsPaid: 0n, maxRewards: 1n }),
    ...overrides,
  };
}

describe("metrics", () => {
  it("when Prometheus scrapes, then budget left, unfinished claims by age, wallet gas, quota spent and rewards left under the cap are exposed", async () => {
    const metrics = createMetrics();
    const now = Date.now();
    registerStateGauges(metrics, {
      budgetSlotsUsed: async () => 7,
      listUnfinishedCreatedAt: async () => [
        new Date(now - 5_000),
        new Date(now - 30 * MINUTE),
        new Date(now - 90 * MINUTE),
      ],
      maxTotalClaims: 10,
      youtubeQuotaUnitsToday: async () => 3,
      serverWalletBalanceWei: async () => 25n * 10n ** 16n,
      rewardCap: async () => ({ rewardsPaid: 7n, maxRewards: 1_000n }),
    });
    metrics.upstreamCalls.inc({ service: "engine_write", outcome: "MINT_UNAVAILABLE" });

    const text = await metrics.registry.metrics();
    expect(text).toContain("tube_claim_budget_left 3");
    expect(text).toContain('tube_claims_unfinished{age="under_1m"} 1');
    expect(text).toContain('tube_claims_unfinished{age="1m_to_10m"} 0');
    expect(text).toContain('tube_claims_unfinished{age="10m_to_1h"} 1');
    expect(text).toContain('tube_claims_unfinished{age="over_1h"} 1');
    expect(text).toContain("tube_server_wallet_balance_eth 0.25");
    expect(text).toContain("tube_youtube_quota_units_today 3");
    expect(text).toContain("tube_rewards_left 993");
    expect(text).toContain('tube_upstream_calls_total{service="engine_write",outcome="MINT_UNAVAILABLE"} 1');
  });

  it("when no budget is configured, then no budget gauge is exposed", async () => {
    const metrics = createMetrics();
    registerStateGauges(metrics, quietSources());
    expect(await metrics.registry.metrics()).not.toContain("tube_claim_budget_left");
  });

  it("when the contract's cap was lowered below the rewards already paid, then no rewards are left, not a negative count", async () => {
    const metrics = createMetrics();
    registerStateGauges(metrics, quietSources({ rewardCap: async () => ({ rewardsPaid: 12n, maxRewards: 10n }) }));
    expect(await metrics.registry.metrics()).toMatch(/^tube_rewards_left 0$/m);
  });

  it("when many scrapes come at once and again within the TTL, then each upstream is read once", async () => {
    const metrics = createMetrics();
    const reads = { balance: 0, unfinished: 0 };
    registerStateGauges(
      metrics,
      {
        budgetSlotsUsed: async () => 0,
        listUnfinishedCreatedAt: async () => (reads.unfinished++, []),
        maxTotalClaims: 5,
        youtubeQuotaUnitsToday: async () => 0,
        serverWalletBalanceWei: async () => (reads.balance++, 10n ** 18n),
        rewardCap: async () => ({ rewardsPaid: 0n, maxRewards: 1n }),
      },
      { ttlMs: 60_000 },
    );
    await Promise.all(Array.from({ length: 25 }, () => metrics.registry.metrics()));
    await metrics.registry.metrics();
    expect(reads).toEqual({ balance: 1, unfinished: 1 });
  });

  it("when the RPC fails, then the scrape still answers: rpc is down, its gauges keep their last good values, the store's are fresh", async () => {
    const metrics = createMetrics();
    let rpcDown = false;
    let quota = 1;
    const failures: string[] = [];
    registerStateGauges(
      metrics,
      {
        budgetSlotsUsed: async () => 0,
        listUnfinishedCreatedAt: async () => [],
        maxTotalClaims: undefined,
        youtubeQuotaUnitsToday: async () => quota,
        serverWalletBalanceWei: async () => {
          if (rpcDown) throw new Error("connection refused");
          return 5n * 10n ** 17n;
        },
        rewardCap: async () => ({ rewardsPaid: 1n, maxRewards: 10n }),
        engineAnswered: () => false,
      },
      { ttlMs: 0, onReadFailed: (upstream) => failures.push(upstream) },
    );
    expect(await metrics.registry.metrics()).toMatch(/^tube_upstream_up\{upstream="rpc"\} 1$/m);
    rpcDown = true;
    quota = 2;
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^tube_upstream_up\{upstream="rpc"\} 0$/m);
    expect(text).toMatch(/^tube_upstream_up\{upstream="store"\} 1$/m);
    expect(text).toMatch(/^tube_upstream_up\{upstream="engine"\} 0$/m);
    expect(text).toMatch(/^tube_server_wallet_balance_eth 0.5$/m);
    expect(text).toMatch(/^tube_rewards_left 9$/m);
    expect(text).toMatch(/^tube_youtube_quota_units_today 2$/m);
    expect(failures).toEqual(["rpc"]);
  });

  it("when the RPC has never answered, then its gauges are absent rather than 0 (no false gas alert)", async () => {
    const metrics = createMetrics();
    registerStateGauges(
      metrics,
      quietSources({ serverWalletBalanceWei: async () => Promise.reject(new Error("unreachable")) }),
    );
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^tube_upstream_up\{upstream="rpc"\} 0$/m);
    expect(text).not.toMatch(/^tube_server_wallet_balance_eth /m);
    expect(text).not.toMatch(/^tube_rewards_left /m);
    expect(text).not.toContain('upstream="engine"');
  });

  it("when it is just before and after midnight in California, then those are two quota days", () => {
    // 07:59 and 08:00 UTC on a winter day are 23:59 and 00:00 Pacific Standard Time.
    expect(quotaDay(new Date("2026-01-15T07:59:00Z"))).toBe("2026-01-14");
    expect(quotaDay(new Date("2026-01-15T08:00:00Z"))).toBe("2026-01-15");
  });
});
