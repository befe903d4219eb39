/** The bench's figures against a quota-bound launch, and a claim's cost. */
import { YOUTUBE_QUOTA_RESERVE_UNITS } from "@tube/backend/claims/verification-admission";
import type { Config } from "@tube/backend/config";
import { formatSpread, percentile, spreadOf, table, verdict } from "./stats.ts";
import type { BatchResult, FinalityResult } from "./throughput.phase.ts";

/** The peak: a day's whole quota of claims in a launch's first hour. */
const PEAK_SECONDS = 3_600;
const HEADROOM_TARGET = 10;
/** A first reward's least gas: the transaction, two new slots (gate, balance), total supply, Transfer, calldata. */
const REWARD_GAS_FLOOR = 21_000 + 2 * (20_000 + 2_100) + (2_900 + 2_100) + (375 + 3 * 375 + 8 * 32) + 430;

export function headroomSection(config: Config, unitsPerClaim: number, throughput: BatchResult[]) {
  const claimsADay = Math.floor((config.YOUTUBE_DAILY_QUOTA_UNITS - YOUTUBE_QUOTA_RESERVE_UNITS) / unitsPerClaim);
  const peak = claimsADay / PEAK_SECONDS;
  const confirmedTimes = throughput.map((r) => r.confirmedPerSecond / peak);
  // How many peaks one core (1,000 CPU ms a second) carries.
  const cpuTimes = throughput.map((r) => 1_000 / (r.cpuMsPerClaim * peak));
  const times = (values: number[]) =>
    `${formatSpread(values, 1)} ${verdict(percentile(values, 50) >= HEADROOM_TARGET)}`;
  return [
    "## Headroom over a quota-bound launch",
    "",
    `YouTube's quota allows ${claimsADay.toLocaleString("en")} claims a day (${config.YOUTUBE_DAILY_QUOTA_UNITS.toLocaleString("en")} units less the ${YOUTUBE_QUOTA_RESERVE_UNITS} reserve, ${unitsPerClaim} a claim); the peak puts them all in a launch's first hour: **${peak.toFixed(2)} claims/s**. **Target: ≥ ${HEADROOM_TARGET}× on both.** The confirmed rate, sharing this machine with the stand-ins, understates the app; the CPU figure is the app's own.`,
    "",
    table(
      ["figure", "measured", "× the peak"],
      [
        ["confirmed claims/s", spreadOf(throughput, (r) => r.confirmedPerSecond, 1), times(confirmedTimes)],
        ["app CPU ms / claim", spreadOf(throughput, (r) => r.cpuMsPerClaim, 2), times(cpuTimes)],
      ],
    ),
  ].join("\n");
}

export function costSection(unitsPerClaim: number[], provider: FinalityResult[], gasUsed: bigint[]) {
  const floor = `floor ${REWARD_GAS_FLOOR.toLocaleString("en")}`;
  const rows = [
    ["YouTube quota units", formatSpread(unitsPerClaim), "1", "the quota phase"],
    ["RPC requests (HTTP)", spreadOf(provider, (r) => r.httpRequestsPerClaim, 2), "", "the finality phase's proxy"],
    ["JSON-RPC calls", spreadOf(provider, (r) => r.callsPerClaim, 2), "", "the same; a provider bills each call"],
    ["gas per reward", formatSpread(gasUsed.map(Number)), floor, "the visitor phase's receipts"],
  ];
  return [
    "## Cost per claim",
    "",
    "Above the floor: the role checks, the rewards counter and cap, the token call, ArbSys, the Rewarded event. On Arbitrum One `gasUsed` also holds the L1 data charge, which anvil lacks.",
    "",
    table(["cost", "per claim", "target / floor", "measured by"], rows),
  ].join("\n");
}
