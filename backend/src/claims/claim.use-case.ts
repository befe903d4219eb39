import { randomUUID } from "node:crypto";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import type { CheckClaimResponse, ClaimView, VerifyAndMintRequest, VerifyAndMintResponse } from "@tube/common/api";
import { ERROR_CATALOGUE } from "@tube/common/errors";
import { AppError } from "../errors.ts";
import type { GoogleGateway } from "../google/google-gateway.ts";
import type { Metrics } from "../observability/metrics.ts";
import type { ClaimRecord, ClaimStore } from "../store/claim-store.ts";
import { toClaimView } from "./claim-view.ts";
import type { MintDriver } from "./mint-driver.ts";
import { checkSubscription } from "./subscription.use-case.ts";

export interface ClaimUseCaseDeps {
  store: ClaimStore;
  google: GoogleGateway;
  mintDriver: MintDriver;
  metrics: Metrics;
  channelId: string;
  explorerUrl: string;
  maxTotalClaims: number | undefined;
}

/**
 * The claim story: Google vouches for the person, YouTube for the subscription,
 * the store's unique constraints for "once per wallet and per Google account",
 * and only then is the mint queued.
 */
export async function verifyAndMint(deps: ClaimUseCaseDeps, request: VerifyAndMintRequest): Promise<{ status: number; body: VerifyAndMintResponse }> {
  const { store, google, mintDriver, metrics } = deps;
  const walletAddress = request.walletAddress.toLowerCase();

  const identity = await google.validateAccessToken(request.oauthAccessToken);
  if (request.googleEmail && request.googleEmail.toLowerCase() !== identity.email.toLowerCase()) {
    throw new AppError("EMAIL_MISMATCH");
  }

  const existing = await store.findByWallet(walletAddress);
  if (existing && !(existing.status === "failed" && existing.googleSub === identity.sub)) {
    metrics.claims.inc({ outcome: "already_claimed" });
    return { status: 200, body: alreadyClaimed(existing, "ALREADY_CLAIMED") };
  }

  const { isSubscribed } = await checkSubscription(deps, request.oauthAccessToken);
  if (!isSubscribed) {
    metrics.claims.inc({ outcome: "not_subscribed" });
    throw new AppError("NOT_SUBSCRIBED");
  }

  if (existing) return { status: 202, body: accepted(await mintDriver.retry(existing)) };

  if (deps.maxTotalClaims !== undefined && (await store.countActive()) >= deps.maxTotalClaims) {
    metrics.claims.inc({ outcome: "budget_exhausted" });
    throw new AppError("CLAIM_BUDGET_EXHAUSTED");
  }

  const reservation = await store.reserve({
    id: randomUUID(),
    walletAddress,
    googleSub: identity.sub,
    googleEmail: identity.email,
    amountWei: REWARD_AMOUNT_WEI.toString(),
  });
  if (!reservation.reserved) {
    metrics.claims.inc({ outcome: "already_claimed" });
    const code = reservation.conflict === "wallet" ? "ALREADY_CLAIMED" : "GOOGLE_ACCOUNT_ALREADY_CLAIMED";
    return { status: 200, body: alreadyClaimed(reservation.existing, code) };
  }
  metrics.claims.inc({ outcome: "reserved" });
  return { status: 202, body: accepted(await mintDriver.queue(reservation.claim)) };
}

export async function checkClaim(deps: ClaimUseCaseDeps, walletAddress: string): Promise<CheckClaimResponse> {
  const claim = await deps.store.findByWallet(walletAddress.toLowerCase());
  if (!claim) return { claimed: false, txHash: null, status: null, claimId: null };
  // A mint whose Engine response was lost may still have landed: the chain settles it.
  const current = claim.status === "failed" ? ((await deps.mintDriver.settleFromChain(claim)) ?? claim) : claim;
  return { claimed: current.status !== "failed", txHash: current.txHash, status: current.status, claimId: current.id };
}

/** The claim's status, brought up to date with Engine first so the page shows real progress. */
export async function getClaim(deps: ClaimUseCaseDeps, claimId: string): Promise<ClaimView> {
  const claim = await deps.store.findById(claimId);
  if (!claim) throw new AppError("CLAIM_NOT_FOUND");
  const current = claim.status === "queued" || claim.status === "submitted" ? await deps.mintDriver.advance(claim) : claim;
  return toClaimView(current, deps.explorerUrl);
}

/** Kept for the spec's API; the server's own record is the truth, so it only confirms a matching hash. */
export async function recordClaim(deps: ClaimUseCaseDeps, walletAddress: string, txHash: string): Promise<{ recorded: true }> {
  const claim = await deps.store.findByWallet(walletAddress.toLowerCase());
  if (!claim) throw new AppError("CLAIM_NOT_FOUND");
  if (claim.txHash?.toLowerCase() !== txHash.toLowerCase()) throw new AppError("TX_HASH_MISMATCH");
  return { recorded: true };
}

function accepted(claim: ClaimRecord): VerifyAndMintResponse {
  const failed = claim.status === "failed";
  return {
    claimed: !failed,
    alreadyClaimed: false,
    txHash: claim.txHash,
    claimId: claim.id,
    status: claim.status,
    // An earlier attempt's error is history once the mint is under way again.
    error: failed ? ERROR_CATALOGUE.MINT_FAILED.message : null,
    details: failed ? "MINT_FAILED" : null,
  };
}

function alreadyClaimed(claim: ClaimRecord, code: "ALREADY_CLAIMED" | "GOOGLE_ACCOUNT_ALREADY_CLAIMED"): VerifyAndMintResponse {
  const sameWallet = code === "ALREADY_CLAIMED";
  return {
    claimed: false,
    alreadyClaimed: true,
    // Another wallet's claim is not this visitor's business beyond the fact that it exists.
    txHash: sameWallet ? claim.txHash : null,
    claimId: sameWallet ? claim.id : null,
    status: sameWallet ? claim.status : null,
    error: ERROR_CATALOGUE[code].message,
    details: code,
  };
}
