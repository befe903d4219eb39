import { UNFINISHED_CLAIM_STATUSES } from "@tube/common/constants";
import type { ChainReader } from "../minting/minter.ts";
import type { ClaimRecord } from "../store/claim-repository.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import { rewardOf } from "./mint-decision.ts";
import { NO_LEASE } from "./mint-step.ts";

export const RESOLVED_NOT_REWARDED = "resolved by operator: not rewarded on chain";

export type ResolveOutcome =
  | { kind: "confirmed"; claim: ClaimRecord }
  | { kind: "failed"; claim: ClaimRecord }
  | { kind: "not-final"; claim: ClaimRecord; rewardedInBlock: bigint; finalHead: bigint }
  | { kind: "unchanged"; claim: ClaimRecord; reason: string };

/** The operator's settling by the chain: `confirmed` when rewarded in a final block, else `failed`. */
export async function resolveClaim(
  deps: { store: ClaimStore; chainReader: ChainReader },
  claimId: string,
): Promise<ResolveOutcome> {
  const { store, chainReader } = deps;
  const claim = await store.claims.findById(claimId);
  if (!claim) throw new Error(`no claim ${claimId}`);
  if (claim.status === "confirmed") return { kind: "unchanged", claim, reason: "already confirmed" };

  const seen = await chainReader.observe(claim.walletAddress, claim.txHash);
  const reward = rewardOf(seen);
  if (reward.kind === "pending")
    return { kind: "not-final", claim, rewardedInBlock: reward.block, finalHead: seen.finalHead };
  if (reward.kind === "final") {
    const [found] = await chainReader.rewardTransactions([{ wallet: claim.walletAddress, block: reward.block }]);
    if (found?.status !== "fulfilled") throw found?.reason;
    const txHash = found.value;
    if (!txHash)
      throw new Error(`the contract rewarded ${claim.walletAddress} in block ${reward.block}, but no reward event`);
    // The chain's record cannot be stale, so no attempt guard: whatever attempt paid, the claim is paid.
    const confirmed = await store.claims.transition(claim.id, [...UNFINISHED_CLAIM_STATUSES, "failed"], {
      status: "confirmed",
      txHash,
      lastError: null,
      // Unless `finalized` covers it, the mint loop checks the reward once more.
      finalAt: reward.block <= seen.finalizedHead ? new Date() : null,
      ...NO_LEASE,
    });
    return confirmed ? { kind: "confirmed", claim: confirmed } : movedOn(store, claim);
  }

  if (claim.status === "failed") return { kind: "unchanged", claim, reason: "already failed and not rewarded" };
  const failed = await store.claims.transition(
    claim.id,
    UNFINISHED_CLAIM_STATUSES,
    { status: "failed", lastError: RESOLVED_NOT_REWARDED, ...NO_LEASE },
    { attempts: claim.attempts },
  );
  return failed ? { kind: "failed", claim: failed } : movedOn(store, claim);
}

async function movedOn(store: ClaimStore, claim: ClaimRecord): Promise<ResolveOutcome> {
  const now = (await store.claims.findById(claim.id)) ?? claim;
  return {
    kind: "unchanged",
    claim: now,
    reason: `it moved on while being resolved (now ${now.status}, attempt ${now.attempts}); run retry again`,
  };
}
