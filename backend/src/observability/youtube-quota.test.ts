import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ClaimStore } from "../store/claim-store.ts";
import { openSqliteClaimStore } from "../store/sqlite/sqlite-claim-store.ts";
import { createLogger } from "./logger.ts";
import { createMetrics, registerStateGauges } from "./metrics.ts";
import { createYoutubeQuotaMeter } from "./youtube-quota.ts";

const DAILY_QUOTA_UNITS = 10_000;

/** 23:59 and 00:00 Pacific Standard Time: two quota days. */
const LATE_ON_THE_14TH = new Date("2026-01-15T07:59:00Z");
const EARLY_ON_THE_15TH = new Date("2026-01-15T08:00:00Z");

describe("YouTube quota meter", () => {
  let store: ClaimStore;
  let dataDir: string;
  let logged: Array<{ level: number; msg: string; youtubeQuotaUnitsToday?: number }>;
  let clock: Date;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "tube-quota-"));
    store = await openSqliteClaimStore({ dataDir });
    logged = [];
    clock = LATE_ON_THE_14TH;
  });

  afterEach(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  function meterFor(metrics = createMetrics()) {
    const logger = createLogger("info", { write: (line: string) => void logged.push(JSON.parse(line)) });
    return {
      metrics,
      meter: createYoutubeQuotaMeter({ store, metrics, logger, now: () => clock, dailyQuotaUnits: DAILY_QUOTA_UNITS }),
    };
  }

  async function scrape(metrics: ReturnType<typeof createMetrics>, name: string): Promise<number | undefined> {
    const metric = (await metrics.registry.getMetricsAsJSON()).find((each) => each.name === name);
    return (metric?.values[0] as { value: number } | undefined)?.value;
  }

  it("when two processes spend units, then each one's /metrics shows the day's total of both, and its own counter", async () => {
    const first = meterFor();
    const second = meterFor();
    for (const { metrics, meter } of [first, second]) {
      registerStateGauges(metrics, {
        budgetSlotsUsed: async () => 0,
        listUnfinishedCreatedAt: async () => [],
        maxTotalClaims: undefined,
        youtubeQuotaUnitsToday: () => meter.unitsToday(),
        serverWalletBalanceWei: async () => 0n,
        rewardCap: async () => ({ rewardsPaid: 0n, maxRewards: 1n }),
      });
    }

    await Promise.all([first.meter.spend(1), second.meter.spend(1), second.meter.spend(1)]);

    expect(await scrape(first.metrics, "tube_youtube_quota_units_today")).toBe(3);
    expect(await scrape(second.metrics, "tube_youtube_quota_units_today")).toBe(3);
    expect(await scrape(first.metrics, "youtube_quota_units_total")).toBe(1);
    expect(await scrape(second.metrics, "youtube_quota_units_total")).toBe(2);
  });

  it("when midnight passes in California, then today's units start again from 0", async () => {
    const { meter } = meterFor();
    await meter.spend(2);
    expect(await meter.unitsToday()).toBe(2);

    clock = EARLY_ON_THE_15TH;
    expect(await meter.unitsToday()).toBe(0);
    await meter.spend(1);
    expect(await meter.unitsToday()).toBe(1);
  });

  it("when the day's units cross 80% of the quota, then the log warns once with the store's count", async () => {
    const { meter } = meterFor();
    const warnAt = 0.8 * DAILY_QUOTA_UNITS;
    await store.youtubeQuota.add("2026-01-14", warnAt - 2);

    await Promise.all(Array.from({ length: 5 }, () => meter.spend(1)));

    const warnings = logged.filter((line) => line.msg.startsWith("YouTube quota above 80%"));
    expect(warnings).toEqual([expect.objectContaining({ youtubeQuotaUnitsToday: warnAt })]);
  });

  it("when the store cannot count, then spending still resolves and the failure is logged", async () => {
    const { metrics, meter } = meterFor();
    await store.close();

    await expect(meter.spend(1)).resolves.toBeUndefined();

    expect(logged.map((line) => line.msg)).toContain("could not count YouTube quota units in the store");
    expect(await scrape(metrics, "youtube_quota_units_total")).toBe(1);
  });
});
