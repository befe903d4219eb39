/**
 * The bench's figures set against the load the product can meet. YouTube's quota bounds claims (about 9,500 a day at
 * one unit a claim), so the question is not how fast the app can go but how far above a quota-bound launch it stays,
 * and what each claim costs: quota units, requests to the chain's provider, gas.
 */
import { YOUTUBE_QUOTA_RESERVE_UNITS } from "@tube/backend/claims/verification-admission";
import type { Config } from "@tube/backend/config";
import type { FinalityResult } from "./finality.phase.ts";
import { formatSpread, percentile, table } from "./stats.ts";
import type { BatchResult } from "./throughput.phase.ts";

/**
 * The launch the peak assumes: a day's whole quota of claims within its first hour (a video announcing the reward
 * draws its viewers at once), the most a quota-bound day can put into one hour short of an unlikely minute-long rush.
 */
const PEAK_HOURS = 1;
/** Claims/s and CPU the app must sustain, as multiples of that peak. */
const HEADROOM_TARGET = 10;
/** One core's time, in CPU milliseconds a second. */
const CORE_MS_PER_SECOND = 1_000;

/**
 * The least gas a first reward can take on chain: the transaction's intrinsic 21,000; two new storage slots (the
 * once-per-wallet gate and the balance, 20,000 each plus 2,100 for a cold slot: EIP-2929); the total supply's update
 * (2,900 plus 2,100 cold); the Transfer event (375, 375 for each of its 3 topics, 8 a data byte for its 32 bytes); the
 * calldata (a selector and an address: about 430).
 */
const REWARD_GAS_FLOOR = 21_000 + 2 * (20_000 + 2_100) + (2_900 + 2_100) + (375 + 3 * 375 + 8 * 32) + 430;

/** Claims a day that YouTube's quota allows, less the reserve kept for viewers who already verified. */
export function claimsADayOnTheQuota(config: Pick<Config, "YOUTUBE_DAILY_QUOTA_UNITS">, unitsPerClaim: number): number {
  return Math.floor((config.YOUTUBE_DAILY_QUOTA_UNITS - YOUTUBE_QUOTA_RESERVE_UNITS) / Math.max(1, unitsPerClaim));
}

export function headroomSection(
  config: Parameters<typeof claimsADayOnTheQuota>[0],
  unitsPerClaim: number,
  throughput: readonly BatchResult[],
): string {
  const claimsADay = claimsADayOnTheQuota(config, unitsPerClaim);
  const peak = claimsADay / (PEAK_HOURS * 3_600);
  const confirmedTimes = throughput.map((r) => r.confirmedPerSecond / peak);
  // One core's worth of app CPU, spent at the peak's pace: how many peaks one core carries.
  const cpuTimes = throughput.map((r) => CORE_MS_PER_SECOND / (r.cpuMsPerClaim * peak));
  const verdict = (times: number[]) => (percentile(times, 50) >= HEADROOM_TARGET ? "**met**" : "**missed**");
  return [
    "## Headroom over a quota-bound launch",
    "",
    `YouTube's quota allows ${claimsADay.toLocaleString("en")} claims a day: ${config.YOUTUBE_DAILY_QUOTA_UNITS.toLocaleString("en")} units less the ${YOUTUBE_QUOTA_RESERVE_UNITS} kept in reserve, at ${unitsPerClaim} unit${unitsPerClaim === 1 ? "" : "s"} a claim. The peak assumed: all of them within the first ${PEAK_HOURS === 1 ? "hour" : `${PEAK_HOURS} hours`} of a launch, **${peak.toFixed(2)} claims/s**; the quota refuses more. The throughput phase's figures as multiples of that peak. **Target: ≥ ${HEADROOM_TARGET}× on both.** The confirmed rate is the whole world's on this machine (the stand-ins, anvil and the bench share its cores with the app), so it understates the app; the CPU figure is the app's own.`,
    "",
    table(
      ["figure", "measured", "× the peak", "target"],
      [
        [
          "confirmed claims/s",
          formatSpread(
            throughput.map((r) => r.confirmedPerSecond),
            1,
          ),
          `${formatSpread(confirmedTimes, 1)} ${verdict(confirmedTimes)}`,
          `≥ ${HEADROOM_TARGET}× (${(HEADROOM_TARGET * peak).toFixed(1)} claims/s)`,
        ],
        [
          "app CPU ms / claim → claims/s one core carries",
          formatSpread(
            throughput.map((r) => r.cpuMsPerClaim),
            2,
          ),
          `${formatSpread(cpuTimes, 1)} ${verdict(cpuTimes)}`,
          `≥ ${HEADROOM_TARGET}× (≤ ${(CORE_MS_PER_SECOND / (HEADROOM_TARGET * peak)).toFixed(0)} ms a claim)`,
        ],
      ],
    ),
  ].join("\n");
}

/** Whichever of the cost figures this run measured: YouTube units, provider requests and calls, gas. */
export function costSection(measured: {
  unitsPerClaim?: readonly number[];
  provider?: readonly FinalityResult[];
  gasUsed?: readonly bigint[];
}): string {
  const rows: string[][] = [];
  const { unitsPerClaim, provider, gasUsed } = measured;
  if (unitsPerClaim)
    rows.push(["YouTube quota units", formatSpread(unitsPerClaim), "1", "the quota phase, from the app's own count"]);
  if (provider) {
    rows.push([
      "RPC requests (HTTP)",
      formatSpread(
        provider.map((r) => r.httpRequestsPerClaim),
        2,
      ),
      "",
      "the finality phase, counted by the RPC proxy over a batch",
    ]);
    rows.push([
      "JSON-RPC calls",
      formatSpread(
        provider.map((r) => r.callsPerClaim),
        2,
      ),
      "",
      "the same; a provider bills each call, batched or not",
    ]);
  }
  const gas = (gasUsed ?? []).map(Number);
  if (gas.length > 0)
    rows.push([
      "gas per reward",
      formatSpread(gas),
      `floor ${REWARD_GAS_FLOOR.toLocaleString("en")}`,
      `the visitor phase's ${gas.length} rewards, \`gasUsed\` from their receipts`,
    ]);
  if (rows.length === 0) return "";
  const lines = [
    "## Cost per claim",
    "",
    "What one claim costs outside the app. YouTube's units bound the day (target: 1 a claim); requests and calls are what a provider counts; gas is what the server wallet (or thirdweb's sponsorship) pays.",
    "",
    table(["cost", "per claim", "target / floor", "measured by"], rows),
  ];
  if (gas.length > 0) {
    const over = percentile(gas, 50) - REWARD_GAS_FLOOR;
    lines.push(
      "",
      `Gas: the floor is the least any once-per-wallet mint can take (the transaction's 21,000, a new storage slot for the once-per-wallet gate and one for the balance, the total supply's update, the Transfer event, the calldata). The median reward takes ${over.toLocaleString("en")} more: the role checks in the rewards contract and the token (a cold storage read each), the rewards counter and its cap (\`rewardsPaid\`, \`maxRewards\`), the call from the rewards contract into the token (a cold account), the ArbSys call for the L2 block number, the Rewarded event, and Solidity's dispatch and ABI work. The contract's first reward costs 34,200 more (its maximum here): the rewards counter and the total supply each go from zero, a new slot's 20,000 instead of 2,900. On Arbitrum One a receipt's \`gasUsed\` also carries the L1 data charge, which moves with L1's price: anvil has none.`,
    );
  }
  return lines.join("\n");
}
