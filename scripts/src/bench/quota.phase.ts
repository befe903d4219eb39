/**
 * YouTube quota per claim, read from the units the app itself counts against Google's quota
 * (`youtube_quota_units_total`), so the figure follows however the app prices its calls. The flow
 * is the browser's: Verify with the channel name the wizard asks for, then Claim. Then what one account can spend:
 * a fresh account that follows nobody, typing its @handle (the costliest check), verifies until it is refused.
 */
import { loadConfig } from "@tube/backend/config";
import {
  VERIFY_LIMIT_PER_ACCOUNT,
  VERIFY_LIMIT_PER_ACCOUNT_PER_DAY,
  VERIFY_LIMIT_WINDOW_SECONDS,
  YOUTUBE_QUOTA_RESERVE_UNITS,
} from "@tube/backend/claims/verification-admission";
import { randomWallet } from "@tube/local-world/mint-log";
import type { BenchWorld } from "./bench-world.ts";
import { verifyAndMint, verifySubscription, type Viewer } from "./claimant.ts";
import { claimsADayOnTheQuota } from "./budget.ts";
import { formatSpread, table } from "./stats.ts";

/** The units the app spent, as Google counts them: what the app's quota alert watches too. */
const QUOTA_METRIC = "youtube_quota_units_total";
/** Enough tries to meet any per-account limit the app is likely to run with. */
const MAX_TRIES = 200;
/**
 * Before the limits moved to the store, an account had 10 checks per 10 minutes and no daily limit, and a Verify
 * with a name used two of them (and 2 units): 720 such Verifies, 1,440 units, an account a day.
 */
const UNITS_PER_ACCOUNT_A_DAY_BEFORE = 1_440;

export async function quotaPhase(
  world: BenchWorld,
  rounds: number,
): Promise<{ markdown: string; claimed: { wallet: string; claimId: string }; unitsPerClaim: number[] }> {
  const config = loadConfig(world.env as NodeJS.ProcessEnv);
  const quotaUnits = () => world.metric(QUOTA_METRIC);
  const unitsOf = async (flow: () => Promise<void>) => {
    const before = await quotaUnits();
    await flow();
    return (await quotaUnits()) - before;
  };
  let claimed: { wallet: string; claimId: string } | null = null;
  const claim = async (viewer: Viewer) => {
    await verifySubscription(world.app().appUrl, viewer);
    const wallet = randomWallet();
    const outcome = await verifyAndMint(world.app().appUrl, wallet, viewer);
    if (outcome.status !== 202 || !outcome.claimId)
      throw new Error(`a fresh claim was refused: HTTP ${outcome.status}`);
    claimed = { wallet, claimId: outcome.claimId };
  };

  const fresh: number[] = [];
  const withHandle: number[] = [];
  const again: number[] = [];
  for (const viewer of await world.tokens.take(rounds)) {
    fresh.push(await unitsOf(() => claim(viewer)));
    // The same account comes back (another wallet): it has claimed already.
    again.push(
      await unitsOf(async () => {
        await verifySubscription(world.app().appUrl, viewer);
        await verifyAndMint(world.app().appUrl, randomWallet(), viewer);
      }),
    );
  }
  for (const viewer of await world.tokens.take(rounds)) {
    withHandle.push(await unitsOf(() => claim({ ...viewer, youtubeUsername: viewer.handle })));
  }
  if (!claimed) throw new Error("no claim was made");

  const [spender] = await world.tokens.take(1, { subscribed: false });
  if (!spender) throw new Error("no account was made");
  const typingItsHandle = { ...spender, youtubeUsername: spender.handle };
  let checks = 0;
  const spent = await unitsOf(async () => {
    for (; checks < MAX_TRIES; checks++) {
      if ((await verifySubscription(world.app().appUrl, typingItsHandle)) === 429) return;
    }
  });
  const unitsPerCheck = spent / Math.max(1, checks);
  const unitsPerAccountADay = VERIFY_LIMIT_PER_ACCOUNT_PER_DAY * unitsPerCheck;
  const quota = config.YOUTUBE_DAILY_QUOTA_UNITS;
  const spendable = quota - YOUTUBE_QUOTA_RESERVE_UNITS;
  const claimsADay = fresh.map((units) => claimsADayOnTheQuota(config, units));

  const markdown = [
    "## YouTube quota",
    "",
    `Units read from the app's own \`${QUOTA_METRIC}\`, Verify (with the channel name the wizard asks for, or an @handle) then Claim, as the browser does, ${rounds} accounts each. Target: 1 unit per successful claim, 0 for an account that already claimed. Before this version a claim with a name cost 2 units whatever was typed.`,
    "",
    table(
      ["flow", "units"],
      [
        ["successful claim, channel name typed (Verify + Claim)", formatSpread(fresh)],
        ["successful claim, @handle typed (Verify + Claim)", formatSpread(withHandle)],
        ["account that already claimed (Verify + Claim)", formatSpread(again)],
        [
          `claims a day on ${quota.toLocaleString("en")} units, less the ${YOUTUBE_QUOTA_RESERVE_UNITS} kept for verified viewers`,
          formatSpread(claimsADay),
        ],
      ],
    ),
    "",
    `What one account can spend: a fresh account that follows nobody verified with its @handle (nothing remembered, a channel read every time) until refused: ${checks} checks, ${spent} units (${unitsPerCheck} a check), then 429 from the per-window limit (${VERIFY_LIMIT_PER_ACCOUNT} per ${VERIFY_LIMIT_WINDOW_SECONDS} s). Over a day it may make ${VERIFY_LIMIT_PER_ACCOUNT_PER_DAY} checks (counted in the store for every process).`,
    "",
    table(
      ["spending the day's quota with fresh accounts", "before", "now"],
      [
        [
          `units one account can spend a day`,
          UNITS_PER_ACCOUNT_A_DAY_BEFORE.toLocaleString("en"),
          String(unitsPerAccountADay),
        ],
        [
          `accounts that spend what newcomers may use (${quota.toLocaleString("en")} before; ${spendable.toLocaleString("en")} now)`,
          String(Math.ceil(quota / UNITS_PER_ACCOUNT_A_DAY_BEFORE)),
          String(Math.ceil(spendable / unitsPerAccountADay)),
        ],
      ],
    ),
  ].join("\n");
  return { markdown, claimed, unitsPerClaim: fresh };
}
