import fs from "node:fs/promises";
import path from "node:path";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { createMetrics, registerStateGauges } from "@tube/backend/observability/metrics";
import { claimsCommand } from "./claims-command.ts";

const ALERTS_FILE = path.resolve(import.meta.dirname, "../../../ops/alerts.yml");

interface RuleFile {
  groups: Array<{
    name: string;
    rules: Array<{ alert: string; expr: string; for?: string; labels?: Record<string, string> }>;
  }>;
}

async function servedMetricNames(): Promise<Set<string>> {
  const metrics = createMetrics();
  registerStateGauges(metrics, {
    budgetSlotsUsed: async () => 0,
    listUnfinishedCreatedAt: async () => [],
    maxTotalClaims: 1,
    youtubeQuotaUnitsToday: async () => 0,
    serverWalletBalanceWei: async () => 0n,
    rewardCap: async () => ({ rewardsPaid: 0n, maxRewards: 1n }),
  });
  return new Set((await metrics.registry.getMetricsAsJSON()).map((metric) => metric.name));
}

describe("ops/alerts.yml", () => {
  it("when Prometheus loads it, then it is a rule file with the nine alerts, each on metrics the server serves", async () => {
    const rules = load(await fs.readFile(ALERTS_FILE, "utf8")) as RuleFile;
    const all = rules.groups.flatMap((group) => group.rules);
    expect(all.map((rule) => rule.alert).sort()).toEqual([
      "TubeClaimBudgetNearlySpent",
      "TubeClaimsStuckUnconfirmed",
      "TubeEngineFailures",
      "TubeMintingBlocked",
      "TubeRewardCapNearlyReached",
      "TubeServerWalletGasLow",
      "TubeTrustProxyMismatch",
      "TubeUpstreamUnreadable",
      "TubeYoutubeQuotaNearDailyLimit",
    ]);
    const served = await servedMetricNames();
    for (const rule of all) {
      expect(rule.expr, rule.alert).toEqual(expect.any(String));
      for (const name of rule.expr.match(/\btube_\w+/g) ?? [])
        expect(served, `${rule.alert} uses ${name}`).toContain(name);
    }
  });

  it("when it or the runbook names an `npm run claims` action, then the command has that action", async () => {
    let usage = "";
    await claimsCommand.run(["--help"], { env: {}, out: (text) => (usage += text), err: () => {} });
    for (const file of [ALERTS_FILE, path.resolve(ALERTS_FILE, "../../docs/deploy.md")]) {
      const actions = [...(await fs.readFile(file, "utf8")).matchAll(/npm run claims -- ([a-z-]+)/g)].map((m) => m[1]);
      expect(actions.length, file).toBeGreaterThan(0);
      for (const action of actions)
        expect(usage, `${file}: ${action}`).toMatch(new RegExp(`^  ([a-z-]+, )?${action}[ ,]`, "m"));
    }
  });
});
