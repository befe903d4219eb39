import { describe, expect, it } from "vitest";
import type { ChainObservation, MintTransaction } from "../minting/minter.ts";
import { decideMint, mintFailureReasonOf, type MintFacts } from "./mint-decision.ts";

const HASH = `0x${"ab".repeat(32)}`;
const rules = { maxAttempts: 3, graceBlocks: 240n };

function chain(overrides: Partial<ChainObservation> = {}): ChainObservation {
  return { head: 1_000n, finalHead: 1_000n, finalizedHead: 1_000n, rewardedInBlock: null, receipt: null, ...overrides };
}

function engine(overrides: Partial<MintTransaction> = {}): MintTransaction {
  return {
    transactionId: "claim:1",
    status: "QUEUED",
    txHash: null,
    errorMessage: null,
    cancelled: false,
    callReverted: false,
    notSigned: false,
    ...overrides,
  };
}

/** Attempt 1 written ahead at block 900, with nothing known of it yet. */
function facts(overrides: Partial<MintFacts> = {}): MintFacts {
  return {
    status: "queued",
    attempts: 1,
    attemptAtBlock: 900n,
    txHash: null,
    engine: null,
    chain: chain(),
    takenBack: false,
    signingBlocked: false,
    ...overrides,
  };
}

describe("decideMint: the contract's record decides", () => {
  it("when the contract rewarded the wallet in a final block and the attempt's receipt holds the reward, then confirm with its hash", () => {
    const observed = chain({ rewardedInBlock: 950n, receipt: { blockNumber: 950n, rewardsWallet: true } });
    expect(decideMint(facts({ txHash: HASH, chain: observed }), rules)).toEqual({
      kind: "confirm",
      txHash: HASH,
      block: 950n,
      finalized: true,
    });
  });

  it("when the contract rewarded the wallet but not through this attempt, then confirm without its hash (the reward's own is looked up)", () => {
    const observed = chain({ rewardedInBlock: 950n, receipt: { blockNumber: 960n, rewardsWallet: false } });
    expect(decideMint(facts({ txHash: HASH, chain: observed }), rules)).toEqual({
      kind: "confirm",
      txHash: null,
      block: 950n,
      finalized: true,
    });
  });

  it("when a store was wiped and a new claim finds the wallet rewarded, then confirm before any attempt", () => {
    const fresh = facts({
      status: "reserved",
      attempts: 0,
      attemptAtBlock: null,
      chain: chain({ rewardedInBlock: 5n }),
    });
    expect(decideMint(fresh, rules)).toEqual({ kind: "confirm", txHash: null, block: 5n, finalized: true });
  });

  it("when the reward's block is final under the configured finality but not yet finalized, then confirm, not yet final", () => {
    const observed = chain({
      finalizedHead: 900n,
      rewardedInBlock: 950n,
      receipt: { blockNumber: 950n, rewardsWallet: true },
    });
    expect(decideMint(facts({ txHash: HASH, chain: observed }), rules)).toMatchObject({
      kind: "confirm",
      finalized: false,
    });
  });

  it("when the reward's block is not final yet, then it is submitted, not confirmed", () => {
    const observed = chain({
      finalHead: 940n,
      rewardedInBlock: 950n,
      receipt: { blockNumber: 950n, rewardsWallet: true },
    });
    expect(decideMint(facts({ txHash: HASH, chain: observed }), rules)).toEqual({ kind: "submitted", txHash: HASH });
  });

  it("when another attempt's reward is not final yet, then wait: no new attempt", () => {
    const observed = chain({ finalHead: 940n, rewardedInBlock: 950n });
    expect(decideMint(facts({ attemptAtBlock: 0n, chain: observed }), rules)).toEqual({ kind: "wait" });
  });
});

describe("decideMint: a confirmed claim until finalized covers its reward", () => {
  const confirmed = (chainOverrides: Partial<ChainObservation>, overrides: Partial<MintFacts> = {}) =>
    facts({ status: "confirmed", txHash: HASH, attemptAtBlock: 940n, chain: chain(chainOverrides), ...overrides });

  it("when finalized covers the reward's block, then it is finalized", () => {
    expect(decideMint(confirmed({ finalizedHead: 950n, rewardedInBlock: 950n }), rules)).toEqual({ kind: "finalized" });
  });

  it("when finalized is still below the reward's block, then wait", () => {
    expect(decideMint(confirmed({ finalizedHead: 949n, rewardedInBlock: 950n }), rules)).toEqual({ kind: "wait" });
  });

  it("when the reward is gone from the contract's record (reorganised away), then the next attempt, even past the attempts allowed", () => {
    expect(decideMint(confirmed({ rewardedInBlock: null }, { attempts: 3 }), rules)).toEqual({
      kind: "attempt",
      reason: "the reward was reorganised away: reopened",
    });
  });

  it("when the contract has no record of the reward but its transaction still stands (another contract), then wait: never pay again", () => {
    const standing = { blockNumber: 950n, rewardsWallet: true };
    expect(decideMint(confirmed({ rewardedInBlock: null, receipt: standing }), rules)).toEqual({ kind: "wait" });
  });

  it("when the node read is behind the attempt's own block and shows no reward, then wait: it may not have seen it yet", () => {
    expect(decideMint(confirmed({ head: 930n, rewardedInBlock: null }), rules)).toEqual({ kind: "wait" });
  });
});

describe("decideMint: the first attempt and retries", () => {
  it("when the claim is reserved and the wallet was never rewarded, then the first attempt", () => {
    expect(decideMint(facts({ status: "reserved", attempts: 0, attemptAtBlock: null }), rules)).toEqual({
      kind: "attempt",
      reason: null,
    });
  });

  it("when a failed claim has attempts left, then a new attempt", () => {
    expect(decideMint(facts({ status: "failed", attempts: 2 }), rules)).toEqual({ kind: "attempt", reason: "retried" });
  });

  it("when a failed claim has used every attempt, then it stays failed", () => {
    expect(decideMint(facts({ status: "failed", attempts: 3 }), rules)).toEqual({ kind: "wait" });
  });

  it("when a failed claim's wallet holds the reward after all, then confirm", () => {
    const observed = chain({ rewardedInBlock: 950n });
    expect(decideMint(facts({ status: "failed", attempts: 3, chain: observed }), rules)).toMatchObject({
      kind: "confirm",
    });
  });
});

describe("decideMint: when an attempt is dead", () => {
  it("when the receipt holds no reward (a revert, or a relayed call that reverted inside a successful bundle), then the next attempt", () => {
    const observed = chain({ receipt: { blockNumber: 950n, rewardsWallet: false } });
    const decision = decideMint(
      facts({ txHash: HASH, engine: engine({ status: "CONFIRMED" }), chain: observed }),
      rules,
    );
    expect(decision).toEqual({ kind: "attempt", reason: expect.stringContaining("without rewarding the wallet") });
  });

  it("when Engine says FAILED with no hash, then the next attempt at once (the contract refuses it if the first lands after all)", () => {
    const failed = engine({ status: "FAILED", errorMessage: "bundler error" });
    expect(decideMint(facts({ attemptAtBlock: 999n, engine: failed }), rules)).toEqual({
      kind: "attempt",
      reason: expect.stringContaining("bundler error"),
    });
  });

  it("when Engine cancelled the attempt, then the next attempt", () => {
    expect(decideMint(facts({ attemptAtBlock: 999n, engine: engine({ cancelled: true }) }), rules)).toMatchObject({
      kind: "attempt",
    });
  });

  it("when Engine says the call inside reverted, then the next attempt, even before a receipt is seen", () => {
    const reverted = engine({ status: "CONFIRMED", callReverted: true, txHash: HASH });
    expect(decideMint(facts({ attemptAtBlock: 999n, txHash: HASH, engine: reverted }), rules)).toMatchObject({
      kind: "attempt",
    });
  });

  it("when the last allowed attempt is dead, then fail with the reason", () => {
    const observed = chain({ receipt: { blockNumber: 950n, rewardsWallet: false } });
    expect(decideMint(facts({ attempts: 3, txHash: HASH, chain: observed }), rules)).toEqual({
      kind: "fail",
      reason: expect.stringContaining("attempt 3"),
    });
  });

  it("when the last allowed attempt outlived its grace while Engine holds it queued (an empty gas wallet), then wait", () => {
    expect(decideMint(facts({ attempts: 3, attemptAtBlock: 700n, engine: engine() }), rules)).toEqual({ kind: "wait" });
  });
});

describe("mintFailureReasonOf: the visitor's reason for a failed claim", () => {
  /** The last allowed attempt, dead as `last` says: the reason decideMint gives is what the claim keeps. */
  const deathOf = (last: Partial<MintFacts>) => {
    const decision = decideMint(facts({ attempts: 3, attemptAtBlock: 999n, ...last }), rules);
    if (decision.kind !== "fail") throw new Error(`not a failure: ${decision.kind}`);
    return decision.reason;
  };
  const capReached = "Transaction reverted during gas estimation: execution reverted (revert: 1ca49cc5)";

  it.each([
    [
      "mined without rewarding the wallet",
      { txHash: HASH, chain: chain({ receipt: { blockNumber: 950n, rewardsWallet: false } }) },
      "REVERTED",
    ],
    [
      "the call inside reverted",
      { txHash: HASH, engine: engine({ status: "CONFIRMED", callReverted: true, txHash: HASH }) },
      "REVERTED",
    ],
    [
      "FAILED in Engine before sending",
      {
        engine: engine({
          status: "FAILED",
          errorMessage: "Transaction reverted during gas estimation: execution reverted",
        }),
      },
      "NOT_SENT",
    ],
    [
      "FAILED in Engine with RewardCapReached's revert data",
      { engine: engine({ status: "FAILED", errorMessage: capReached }) },
      "REWARD_CAP_REACHED",
    ],
    [
      "the call inside reverted with RewardCapReached",
      {
        txHash: HASH,
        engine: engine({
          status: "CONFIRMED",
          callReverted: true,
          txHash: HASH,
          errorMessage: "execution reverted: RewardCapReached()",
        }),
      },
      "REWARD_CAP_REACHED",
    ],
    ["cancelled in Engine", { engine: engine({ cancelled: true }) }, "CANCELLED"],
    ["no reward within the grace", { attemptAtBlock: 700n }, "NOT_CONFIRMED"],
  ] as const)("when the last attempt died so (%s), then the reason is %s", (_, last, reason) => {
    expect(mintFailureReasonOf(deathOf(last))).toBe(reason);
  });

  it("when the claim failed for a reason that is no attempt's death, or for none, then no reason is given", () => {
    expect(mintFailureReasonOf("resolved by operator: not rewarded on chain")).toBeNull();
    expect(mintFailureReasonOf(null)).toBeNull();
  });
});

describe("decideMint: waiting", () => {
  it.each([
    ["Engine does not know the attempt yet (its list lags)", {}],
    ["Engine has it queued", { engine: engine() }],
    ["Engine left its status empty", { engine: engine({ status: "QUEUED" }) }],
  ])("when %s within the grace, then wait", (_case, overrides: Partial<MintFacts>) => {
    expect(decideMint(facts({ attemptAtBlock: 800n, ...overrides }), rules)).toEqual({ kind: "wait" });
  });

  it("when the attempt has a hash without a receipt within the grace, then it is submitted", () => {
    const sent = engine({ status: "SUBMITTED", txHash: HASH });
    expect(decideMint(facts({ attemptAtBlock: 800n, txHash: HASH, engine: sent }), rules)).toEqual({
      kind: "submitted",
      txHash: HASH,
    });
  });

  it("when Engine says FAILED but gives a hash the chain has not mined yet, then wait for it within the grace", () => {
    const failed = engine({ status: "FAILED", txHash: HASH });
    expect(decideMint(facts({ attemptAtBlock: 800n, txHash: HASH, engine: failed }), rules)).toEqual({
      kind: "submitted",
      txHash: HASH,
    });
  });

  it.each([
    ["Engine never heard of the attempt", {}],
    ["Engine's row never moves", { engine: engine() }],
    ["the hash never gets a receipt", { txHash: HASH, engine: engine({ status: "SUBMITTED", txHash: HASH }) }],
  ])("when %s for the whole grace, then the next attempt", (_case, overrides: Partial<MintFacts>) => {
    expect(decideMint(facts({ attemptAtBlock: 760n, ...overrides }), rules)).toEqual({
      kind: "attempt",
      reason: expect.stringContaining("within 240 blocks"),
    });
  });
});

describe("decideMint: Engine could not sign (the operator's failure)", () => {
  const unsigned = engine({
    status: "FAILED",
    notSigned: true,
    errorMessage: "Transaction signing failed: Failed to sign transaction: Error interaction with vault: denied",
  });

  it("when Engine says FAILED with no hash because it could not sign, then the attempt is taken back and the claim held, even on the last attempt", () => {
    expect(decideMint(facts({ attempts: 3, attemptAtBlock: 999n, engine: unsigned }), rules)).toEqual({
      kind: "unsigned",
      reason: expect.stringMatching(/^attempt 3 was not signed by Engine: Transaction signing failed/),
    });
  });

  it("when the unsigned attempt's grace is long over, then it is still taken back, never counted as dead", () => {
    expect(decideMint(facts({ attemptAtBlock: 0n, engine: unsigned }), rules)).toMatchObject({ kind: "unsigned" });
  });

  it("when the attempt was taken back and Engine still cannot sign, then wait, even with no attempt counted", () => {
    const held = facts({ attempts: 0, engine: unsigned, takenBack: true, signingBlocked: true });
    expect(decideMint(held, rules)).toEqual({ kind: "wait" });
  });

  it("when the attempt was taken back and Engine signs again, then the next attempt, whatever the attempts used", () => {
    const held = facts({ attempts: 2, engine: unsigned, takenBack: true });
    expect(decideMint(held, rules)).toEqual({
      kind: "attempt",
      reason: expect.stringContaining("attempt 3 was not signed"),
    });
  });

  it("when the wallet was rewarded after all, then confirm: the contract's record comes first", () => {
    const held = facts({
      engine: unsigned,
      takenBack: true,
      signingBlocked: true,
      chain: chain({ rewardedInBlock: 950n }),
    });
    expect(decideMint(held, rules)).toMatchObject({ kind: "confirm" });
  });
});
