import { randomUUID } from "node:crypto";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import type { VerifyAndMintRequest } from "@tube/common/api";
import { AppError } from "../errors.ts";
import type { GoogleGateway } from "../google/google-gateway.ts";
import type { Metrics } from "../observability/metrics.ts";
import type { ClaimRecord, ClaimStore } from "../store/claim-store.ts";
import type { MintDriver } from "./mint-driver.ts";
import { checkSubscription } from "./subscription.use-case.ts";

export interface ClaimUseCaseDeps {
  store: ClaimStore;
  google: GoogleGateway;
  mintDriver: MintDriver;
  metrics: Metrics;
  channelId: string;
  maxTotalClaims: number | undefined;
}

/**
 * What a claim request came to. `accepted`: the mint is queued (or the claim already settled on chain, or
 * Engine failed and the claim stays retryable). `already-claimed`: the wallet or the Google account holds
 * another claim, `existing`.
 */
export type VerifyAndMintOutcome =
  | { kind: "accepted"; claim: ClaimRecord }
  | { kind: "already-claimed"; conflict: ClaimConflict; existing: ClaimRecord };

/** Who holds the claim that blocks this one: the wallet, the Google account, or (failed) the account that started it (ADR 7). */
export type ClaimConflict = "wallet" | "googleAccount" | "failedUnderAnotherAccount";

/**
 * The claim story: Google vouches for the person, YouTube for the subscription,
 * the store's unique constraints for "once per wallet and per Google account",
 * and only then is the mint queued.
 */
export async function verifyAndMint(deps: ClaimUseCaseDeps, request: VerifyAndMintRequest): Promise<VerifyAndMintOutcome> {
  const { store, google, mintDriver, metrics } = deps;
  const walletAddress = request.walletAddress.toLowerCase();

  const identity = await google.validateAccessToken(request.oauthAccessToken);
  if (request.googleEmail && request.googleEmail.toLowerCase() !== identity.email.toLowerCase()) {
    throw new AppError("EMAIL_MISMATCH");
  }

  const existing = await store.findByWallet(walletAddress);
  if (existing && !(existing.status === "failed" && existing.googleSub === identity.sub)) {
    metrics.claims.inc({ outcome: "already_claimed" });
    const conflict = existing.status === "failed" ? "failedUnderAnotherAccount" : "wallet";
    return { kind: "already-claimed", conflict, existing };
  }

  const { isSubscribed } = await checkSubscription(deps, request.oauthAccessToken);
  if (!isSubscribed) {
    metrics.claims.inc({ outcome: "not_subscribed" });
    throw new AppError("NOT_SUBSCRIBED");
  }

  if (existing) return { kind: "accepted", claim: await mintDriver.retry(existing) };

  if (deps.maxTotalClaims !== undefined && (await store.countActive()) >= deps.maxTotalClaims) {
    metrics.claims.inc({ outcome: "budget_exhausted" });
    throw new AppError("CLAIM_BUDGET_EXHAUSTED");
  }

  const reservation = await store.reserve({
    id: randomUUID(),
    walletAddress,
    googleSub: identity.sub,
    googleEmail: identity.email,
    amountWei: REWARD_AMOUNT_WEI,
  });
  if (!reservation.reserved) {
    metrics.claims.inc({ outcome: "already_claimed" });
    return { kind: "already-claimed", conflict: reservation.conflict, existing: reservation.existing };
  }
  metrics.claims.inc({ outcome: "reserved" });
  return { kind: "accepted", claim: await mintDriver.queue(reservation.claim) };
}

/**
 * The stored claim of a wallet. Reads only: a claim left `failed` by a lost Engine answer is settled from
 * the chain when its owner retries, not by whoever polls.
 */
export async function checkClaim(deps: ClaimUseCaseDeps, walletAddress: string): Promise<ClaimRecord | null> {
  return deps.store.findByWallet(walletAddress.toLowerCase());
}

/** The claim's stored status. Reads only: the mint driver and the reconciler move claims forward. */
export async function getClaim(deps: ClaimUseCaseDeps, claimId: string): Promise<ClaimRecord> {
  const claim = await deps.store.findById(claimId);
  if (!claim) throw new AppError("CLAIM_NOT_FOUND");
  return claim;
}

/** Kept for the spec's API; the server's own record is the truth, so it only confirms a matching hash. */
export async function recordClaim(deps: ClaimUseCaseDeps, walletAddress: string, txHash: string): Promise<{ recorded: true }> {
  const claim = await deps.store.findByWallet(walletAddress.toLowerCase());
  if (!claim) throw new AppError("CLAIM_NOT_FOUND");
  if (claim.txHash?.toLowerCase() !== txHash.toLowerCase()) throw new AppError("TX_HASH_MISMATCH");
  return { recorded: true };
}
