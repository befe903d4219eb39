import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import type { VerifyAndMintRequest } from "@tube/common/api";
import { AppError } from "../errors.ts";
import type { GoogleGateway } from "../google/google-gateway.ts";
import type { Metrics } from "../observability/metrics.ts";
import type { ClaimRecord, NewClaim, ReserveResult } from "../store/claim-repository.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import { PAUSED_RETRY_AFTER_SECONDS, type ClaimControls } from "./claim-controls.ts";
import type { MintDriver } from "./mint-driver.ts";
import type { SubscriptionVerifier } from "./subscription-verifier.ts";

export interface ClaimUseCaseDeps {
  store: ClaimStore;
  google: GoogleGateway;
  mintDriver: MintDriver;
  subscriptions: SubscriptionVerifier;
  metrics: Metrics;
  maxTotalClaims: number | undefined;
  controls: ClaimControls;
}

/** `accepted`: the mint is under way (or settled, or failed and retryable). */
export type VerifyAndMintOutcome =
  | { kind: "accepted"; claim: ClaimRecord }
  | { kind: "already-claimed"; conflict: ClaimConflict; existing: ClaimRecord }
  | { kind: "attempts-exhausted"; claim: ClaimRecord };

/** Who holds the claim that blocks this one (ADR 9). */
export type ClaimConflict = "wallet" | "googleAccount" | "failedUnderAnotherAccount";

/** Every check that costs no YouTube quota comes before the subscription check. */
export async function verifyAndMint(
  deps: ClaimUseCaseDeps,
  request: VerifyAndMintRequest,
): Promise<VerifyAndMintOutcome> {
  const { store, mintDriver, metrics } = deps;
  const walletAddress = request.walletAddress.toLowerCase();
  await deps.controls.assertOpen();
  if (mintDriver.signingBlocked())
    throw new AppError("MINTING_PAUSED", { retryAfterSeconds: PAUSED_RETRY_AFTER_SECONDS });

  const checkedSince = Date.now();
  const identity = await deps.google.validateAccessToken(request.oauthAccessToken);
  await deps.controls.assertNotDenied({ walletAddress, googleSub: identity.sub });
  if (request.googleEmail && request.googleEmail.toLowerCase() !== identity.email.toLowerCase())
    throw new AppError("EMAIL_MISMATCH");

  const existing = await store.claims.findByWallet(walletAddress);
  const ownRetry = existing?.status === "failed" && existing.googleSub === identity.sub;
  if (existing && !ownRetry) {
    metrics.claims.inc({ outcome: "already_claimed" });
    const conflict = existing.status === "failed" ? "failedUnderAnotherAccount" : "wallet";
    return { kind: "already-claimed", conflict, existing };
  }
  const accountClaim = existing ?? (await store.claims.findByGoogleSub(identity.sub));
  if (accountClaim && !ownRetry) {
    metrics.claims.inc({ outcome: "already_claimed" });
    return { kind: "already-claimed", conflict: "googleAccount", existing: accountClaim };
  }

  const { isSubscribed } = await deps.subscriptions.verify(identity, request.oauthAccessToken);
  if (!isSubscribed) {
    metrics.claims.inc({ outcome: "not_subscribed" });
    throw new AppError("NOT_SUBSCRIBED");
  }
  // What pays never rests on an earlier request's check: a token revoked since is refused here.
  await deps.google.validateAccessToken(request.oauthAccessToken, { checkedSince });

  // A failed claim keeps its budget slot, so its retry is within the budget.
  if (existing) {
    const retried = await mintDriver.retry(existing, "owner");
    return { kind: isOnHold(deps, retried) ? "attempts-exhausted" : "accepted", claim: retried };
  }

  const reservation = await reserveWithinBudget(deps, {
    walletAddress,
    googleSub: identity.sub,
    amountWei: REWARD_AMOUNT_WEI,
    ...(await mintDriver.reservationTerms(walletAddress)),
  });
  if (!reservation.reserved) {
    metrics.claims.inc({ outcome: "already_claimed" });
    return { kind: "already-claimed", conflict: reservation.conflict, existing: reservation.existing };
  }
  metrics.claims.inc({ outcome: "reserved" });
  return { kind: "accepted", claim: await mintDriver.queue(reservation.claim) };
}

async function reserveWithinBudget(deps: ClaimUseCaseDeps, claim: NewClaim) {
  const { store, maxTotalClaims } = deps;
  if (maxTotalClaims === undefined) return store.claims.reserve(claim);
  if (!(await store.budget.takeSlot(maxTotalClaims))) {
    deps.metrics.claims.inc({ outcome: "budget_exhausted" });
    throw new AppError("CLAIM_BUDGET_EXHAUSTED");
  }
  let reservation: ReserveResult | undefined;
  try {
    reservation = await store.claims.reserve(claim);
    return reservation;
  } finally {
    if (!reservation?.reserved) await store.budget.releaseSlot();
  }
}

/** Failed with the owner's attempts used up: held until the operator grants one more. */
export function isOnHold(deps: Pick<ClaimUseCaseDeps, "mintDriver">, claim: ClaimRecord) {
  return claim.status === "failed" && !deps.mintDriver.mayRetry(claim);
}

export async function getClaim(deps: ClaimUseCaseDeps, claimId: string) {
  const claim = await deps.store.claims.findById(claimId);
  if (!claim) throw new AppError("CLAIM_NOT_FOUND");
  return claim;
}

/** The server's own record is the truth: this only confirms a matching hash. */
export async function recordClaim(deps: ClaimUseCaseDeps, walletAddress: string, txHash: string) {
  const claim = await deps.store.claims.findByWallet(walletAddress.toLowerCase());
  if (!claim) throw new AppError("CLAIM_NOT_FOUND");
  if (claim.txHash?.toLowerCase() !== txHash.toLowerCase()) throw new AppError("TX_HASH_MISMATCH");
  return { recorded: true } as const;
}
