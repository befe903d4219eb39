/** YouTube units per claim, from the app's own count; then one account's spend before it is refused. */
import {
  VERIFY_LIMIT_PER_ACCOUNT,
  VERIFY_LIMIT_PER_ACCOUNT_PER_DAY,
  VERIFY_LIMIT_WINDOW_SECONDS,
} from "@tube/backend/claims/verification-admission";
import { randomWallet } from "@tube/local-world/mint-log";
import type { Visitor } from "@tube/backend/test/test-api";
import type { BenchWorld } from "./bench-world.ts";
import { formatSpread, table } from "./stats.ts";

const QUOTA_METRIC = "youtube_quota_units_total";
const MAX_TRIES = 200;

export async function quotaPhase(world: BenchWorld, rounds: number) {
  const unitsOf = async (flow: () => Promise<unknown>) => {
    const before = await world.metric(QUOTA_METRIC);
    await flow();
    return (await world.metric(QUOTA_METRIC)) - before;
  };
  const claim = async (viewer: Visitor, typed: string) => {
    await world.api.verifySubscription(viewer.token, typed);
    const { status } = await world.api.claim(viewer);
    if (status !== 202) throw new Error(`a fresh claim was refused: HTTP ${status}`);
  };
  const named: number[] = [];
  const again: number[] = [];
  const withHandle: number[] = [];
  for (const viewer of await world.viewers(rounds)) {
    named.push(await unitsOf(() => claim(viewer, viewer.channelName)));
    again.push(await unitsOf(() => claim({ ...viewer, wallet: randomWallet() }, viewer.channelName).catch(() => {})));
  }
  for (const viewer of await world.viewers(rounds)) withHandle.push(await unitsOf(() => claim(viewer, viewer.handle)));

  const spender = await world.viewer({ subscribed: false });
  let checks = 0;
  const spent = await unitsOf(async () => {
    for (; checks < MAX_TRIES; checks++)
      if ((await world.api.verifySubscription(spender.token, spender.handle)).status === 429) return;
  });
  const unitsPerCheck = spent / Math.max(1, checks);
  const markdown = [
    "## YouTube quota",
    "",
    `Units from the app's own \`${QUOTA_METRIC}\`, Verify then Claim, ${rounds} accounts each. Target: 1 unit per successful claim, 0 for an account that already claimed.`,
    "",
    table(
      ["flow", "units"],
      [
        ["successful claim, channel name typed", formatSpread(named)],
        ["successful claim, @handle typed", formatSpread(withHandle)],
        ["account that already claimed", formatSpread(again)],
      ],
    ),
    "",
    `One account's spend: a fresh account following nobody, verifying with its @handle, made ${checks} checks for ${spent} units (${unitsPerCheck} a check), then 429 from the per-window limit (${VERIFY_LIMIT_PER_ACCOUNT} per ${VERIFY_LIMIT_WINDOW_SECONDS} s). Over a day it may make ${VERIFY_LIMIT_PER_ACCOUNT_PER_DAY} checks: **${VERIFY_LIMIT_PER_ACCOUNT_PER_DAY * unitsPerCheck} units an account a day**.`,
  ].join("\n");
  return { markdown, unitsPerClaim: named };
}
