import type { CheckClaimResponse, ClaimView, VerifyAndMintResponse } from "@tube/common/api";
import { ERROR_CATALOGUE } from "@tube/common/errors";
import type { ClaimRecord } from "../store/claim-store.ts";
import type { VerifyAndMintOutcome } from "./claim.use-case.ts";

export function toClaimView(claim: ClaimRecord, explorerUrl: string): ClaimView {
  return {
    claimId: claim.id,
    walletAddress: claim.walletAddress,
    status: claim.status,
    txHash: claim.txHash,
    explorerUrl: claim.txHash ? `${explorerUrl}/tx/${claim.txHash}` : null,
  };
}

export function toCheckClaimResponse(claim: ClaimRecord | null): CheckClaimResponse {
  if (!claim) return { claimed: false, txHash: null, status: null, claimId: null };
  return { claimed: claim.status !== "failed", txHash: claim.txHash, status: claim.status, claimId: claim.id };
}

export function toVerifyAndMintResponse(outcome: VerifyAndMintOutcome): VerifyAndMintResponse {
  return outcome.kind === "accepted" ? accepted(outcome.claim) : alreadyClaimed(outcome.existing, outcome.conflict);
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

function alreadyClaimed(claim: ClaimRecord, conflict: "wallet" | "googleAccount"): VerifyAndMintResponse {
  const code = conflict === "wallet" ? "ALREADY_CLAIMED" : "GOOGLE_ACCOUNT_ALREADY_CLAIMED";
  const sameWallet = conflict === "wallet";
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
