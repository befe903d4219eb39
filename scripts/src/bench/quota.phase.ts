/**
 * YouTube quota per claim, read from the units the app itself counts against Google's quota
 * (`youtube_quota_units_total`), so the figure follows however the app prices its calls. The flow
 * is the browser's: Verify with the username the wizard asks for, then Claim.
 */
import { randomWallet } from "@tube/local-world/mint-log";
import type { BenchWorld } from "./bench-world.ts";
import { verifyAndMint, verifySubscription } from "./claimant.ts";
import { formatSpread, table } from "./stats.ts";

/** YouTube Data API's default daily quota. */
const DAILY_QUOTA_UNITS = 10_000;
/** The units the app spent, as Google counts them: what the app's quota alert watches too. */
const QUOTA_METRIC = "youtube_quota_units_total";

export async function quotaPhase(
  world: BenchWorld,
  rounds: number,
): Promise<{ markdown: string; claimed: { wallet: string; claimId: string } }> {
  const quotaUnits = () => world.metric(QUOTA_METRIC);
  const unitsOf = async (flow: () => Promise<void>) => {
    const before = await quotaUnits();
    await flow();
    return (await quotaUnits()) - before;
  };

  const fresh: number[] = [];
  const again: number[] = [];
  let claimed: { wallet: string; claimId: string } | null = null;
  for (const viewer of await world.tokens.take(rounds)) {
    const wallet = randomWallet();
    fresh.push(
      await unitsOf(async () => {
        await verifySubscription(world.app().appUrl, viewer);
        const outcome = await verifyAndMint(world.app().appUrl, wallet, viewer);
        if (outcome.status !== 202 || !outcome.claimId)
          throw new Error(`a fresh claim was refused: HTTP ${outcome.status}`);
        claimed = { wallet, claimId: outcome.claimId };
      }),
    );
    // The same account comes back (another wallet): it has claimed already.
    again.push(
      await unitsOf(async () => {
        await verifySubscription(world.app().appUrl, viewer);
        await verifyAndMint(world.app().appUrl, randomWallet(), viewer);
      }),
    );
  }
  if (!claimed) throw new Error("no claim was made");
  const perDay = fresh.map((units) => Math.floor(DAILY_QUOTA_UNITS / Math.max(1, units)));
  const markdown = [
    "## YouTube quota",
    "",
    `Units read from the app's own \`${QUOTA_METRIC}\`, Verify (with the YouTube username the wizard asks for) then Claim, as the browser does, ${rounds} accounts. Target: ≤ 2 units per successful claim (ideally 1), 0 for an account that already claimed.`,
    "",
    table(
      ["flow", "units"],
      [
        ["successful claim (Verify + Claim)", formatSpread(fresh)],
        ["account that already claimed (Verify + Claim)", formatSpread(again)],
        [`claims a day on the default ${DAILY_QUOTA_UNITS.toLocaleString("en")} units`, formatSpread(perDay)],
      ],
    ),
  ].join("\n");
  return { markdown, claimed };
}
