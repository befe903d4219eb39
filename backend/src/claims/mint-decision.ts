import type { ClaimStatus } from "@tube/common/constants";
import type { MintFailureReason } from "@tube/common/errors";
import type { ChainObservation, MintTransaction } from "../minting/minter.ts";

/** A claim at one moment, as the store, Engine and the chain see it. */
export interface MintFacts {
  status: ClaimStatus;
  /** The current attempt's number; 0 before the first. */
  attempts: number;
  /** The chain's height at the current attempt's write-ahead. */
  attemptAtBlock: bigint | null;
  txHash: string | null;
  /** Null while Engine has no record of the current attempt. */
  engine: MintTransaction | null;
  chain: ChainObservation;
  /** The unsigned current attempt is taken back already: `attempts` no longer counts it. */
  takenBack: boolean;
  /** This process found Engine unable to sign, and has not seen it sign since. */
  signingBlocked: boolean;
}

export interface MintRules {
  maxAttempts: number;
  /** Blocks an attempt may go unrewarded before it counts as dead. */
  graceBlocks: bigint;
}

export type MintDecision =
  | { kind: "wait" }
  | { kind: "submitted"; txHash: string }
  /** Final as configured; `finalized` when that head covers `block` too. */
  | { kind: "confirm"; txHash: string | null; block: bigint; finalized: boolean }
  | { kind: "finalized" }
  /** Write the next attempt ahead and queue it. */
  | { kind: "attempt"; reason: string | null }
  | { kind: "unsigned"; reason: string }
  | { kind: "fail"; reason: string };

/**
 * The mint driver's rules, apart from its I/O. The contract rewards a wallet at most once, so an attempt may be given
 * up on after its grace even if it might still land; only the contract's record decides a claim is done.
 *
 * | # | when | then |
 * |---|------|------|
 * | 0a | `confirmed`, its reward and paying transaction reorganised away, the chain past the write-ahead | the next attempt, whatever the attempts used |
 * | 0b | `confirmed`, rewarded at or below the `finalized` head | finalized |
 * | 0c | `confirmed` otherwise | wait |
 * | 1 | rewarded in a final block | confirm (with the attempt's hash when its receipt holds the reward) |
 * | 2 | rewarded in a block not yet final | wait (submitted, with the hash when known) |
 * | 3 | `failed` | the next attempt while any are left, else stay failed |
 * | 4 | no attempt yet (`reserved`) | the first attempt |
 * | 5 | Engine could not sign it: FAILED, no hash (a wrong vault access token, a wallet the vault lacks) | take it back and hold the claim (unsigned) |
 * | 6 | so taken back, while Engine still cannot sign here | wait |
 * | 7 | the same once Engine signs again | the next attempt |
 * | 8 | its receipt holds no reward (a revert, or a relayed call that reverted) | dead |
 * | 9 | Engine: FAILED with no hash, cancelled, or the call inside reverted | dead |
 * | 10 | otherwise (unknown to Engine, queued, a hash without a receipt, FAILED with a hash) within the grace | wait |
 * | 11 | the same `graceBlocks` after the write-ahead | dead |
 * | 12 | dead, attempts left | the next attempt |
 * | 13 | dead, none left, Engine still holding the last one queued (as it holds sends from an empty gas wallet) | wait |
 * | 14 | dead, none left otherwise | fail |
 *
 * A node behind the attempt's block, or a paying transaction that still stands (another `REWARDS_ADDRESS`), never
 * reopens a claim (0a).
 */
export function decideMint(facts: MintFacts, rules: MintRules): MintDecision {
  const { chain, txHash } = facts;
  const reward = rewardOf(chain);
  if (facts.status === "confirmed") return decideConfirmed(facts, reward);
  const receiptRewards = chain.receipt?.rewardsWallet === true;
  if (reward.kind === "final") {
    const finalized = reward.block <= chain.finalizedHead;
    return { kind: "confirm", txHash: receiptRewards ? txHash : null, block: reward.block, finalized };
  }
  if (reward.kind === "pending") return txHash && receiptRewards ? { kind: "submitted", txHash } : { kind: "wait" };

  if (facts.status === "failed")
    return facts.attempts < rules.maxAttempts ? { kind: "attempt", reason: "retried" } : { kind: "wait" };
  if (facts.engine?.notSigned) {
    const reason = `attempt ${facts.attempts + (facts.takenBack ? 1 : 0)} was not signed by Engine: ${facts.engine.errorMessage ?? "no reason given"}`;
    if (!facts.takenBack) return { kind: "unsigned", reason };
    return facts.signingBlocked ? { kind: "wait" } : { kind: "attempt", reason };
  }
  if (facts.status === "reserved" || facts.attempts === 0) return { kind: "attempt", reason: null };

  const dead = deathOf(facts, rules);
  if (dead === null) return txHash ? { kind: "submitted", txHash } : { kind: "wait" };
  if (facts.attempts < rules.maxAttempts) return { kind: "attempt", reason: dead };
  const heldQueued = facts.engine?.status === "QUEUED" && !facts.engine.cancelled;
  return heldQueued ? { kind: "wait" } : { kind: "fail", reason: dead };
}

/** Rows 0a–0c. */
function decideConfirmed(facts: MintFacts, reward: ReturnType<typeof rewardOf>): MintDecision {
  const { chain, attemptAtBlock } = facts;
  if (reward.kind === "none") {
    const nodeBehind = attemptAtBlock !== null && chain.head < attemptAtBlock;
    if (nodeBehind || chain.receipt) return { kind: "wait" };
    return { kind: "attempt", reason: "the reward was reorganised away: reopened" };
  }
  return reward.block <= chain.finalizedHead ? { kind: "finalized" } : { kind: "wait" };
}

export function rewardOf(
  chain: Pick<ChainObservation, "rewardedInBlock" | "finalHead">,
): { kind: "none" } | { kind: "pending" | "final"; block: bigint } {
  const block = chain.rewardedInBlock;
  if (block === null) return { kind: "none" };
  return { kind: block <= chain.finalHead ? "final" : "pending", block };
}

/** Why the current attempt is dead, or null while it may still reward the wallet. */
function deathOf(facts: MintFacts, rules: MintRules) {
  const { chain, engine, txHash, attempts } = facts;
  const name = `attempt ${attempts}`;
  if (chain.receipt) return `${name} (${txHash}) was mined without rewarding the wallet`;
  if (engine?.status === "FAILED" && !engine.txHash)
    return `${name} failed in Engine: ${engine.errorMessage ?? "no reason given"}`;
  if (engine?.cancelled) return `${name} was cancelled in Engine`;
  if (engine?.callReverted)
    return `${name}'s call reverted (Engine: ${engine.errorMessage ?? "onchainStatus REVERTED"})`;
  const since = facts.attemptAtBlock === null ? null : chain.head - facts.attemptAtBlock;
  if (since !== null && since < rules.graceBlocks) return null;
  return `${name} did not reward the wallet within ${rules.graceBlocks} blocks`;
}

/** `RewardCapReached()` by name, or by its selector as Engine quotes a revert's data (hex without 0x). */
const REWARD_CAP_REACHED = /Engine: .*(?:RewardCapReached|1ca49cc5)/i;

/** The visitor's reason for a failed claim, read from the `lastError` `deathOf` wrote. */
export function mintFailureReasonOf(lastError: string | null): MintFailureReason | null {
  if (lastError === null) return null;
  if (REWARD_CAP_REACHED.test(lastError)) return "REWARD_CAP_REACHED";
  return DEATH_REASONS.find(([pattern]) => pattern.test(lastError))?.[1] ?? null;
}

const DEATH_REASONS: [RegExp, MintFailureReason][] = [
  [/^attempt \d+ \(\S+\) was mined without rewarding the wallet$/, "REVERTED"],
  [/^attempt \d+'s call reverted \(Engine: /, "REVERTED"],
  [/^attempt \d+ failed in Engine: /, "NOT_SENT"],
  [/^attempt \d+ was cancelled in Engine$/, "CANCELLED"],
  [/^attempt \d+ did not reward the wallet within \d+ blocks$/, "NOT_CONFIRMED"],
];
