import type { CheckClaimResponse, ClaimView, VerifyAndMintResponse } from "@tube/common/api";
import { ERROR_CATALOGUE, type ErrorCode } from "@tube/common/errors";
import type { ClaimRecord } from "../store/claim-repository.ts";
import type { ClaimConflict, VerifyAndMintOutcome } from "./claim.use-case.ts";
import { mintFailureReasonOf } from "./mint-decision.ts";

export function toClaimView(claim: ClaimRecord, explorerUrl: string, onHold: boolean): ClaimView {
  return {
    claimId: claim.id,
    walletAddress: claim.walletAddress,
    status: claim.status,
    txHash: claim.txHash,
    explorerUrl: claim.txHash ? `${explorerUrl}/tx/${claim.txHash}` : null,
    onHold,
    failureReason: failureReasonOf(claim),
  };
}

/** An earlier attempt's error is history once the mint is under way again. */
function failureReasonOf(claim: ClaimRecord) {
  return claim.status === "failed" ? mintFailureReasonOf(claim.lastError) : null;
}

export function toCheckClaimResponse(claim: ClaimRecord | null, onHold: boolean): CheckClaimResponse {
  return {
    claimed: claim !== null && claim.status !== "failed",
    txHash: claim?.txHash ?? null,
    status: claim?.status ?? null,
    claimId: claim?.id ?? null,
    claimedAt: claim?.createdAt.toISOString() ?? null,
    onHold: claim !== null && onHold,
    failureReason: claim && failureReasonOf(claim),
  };
}

export function toVerifyAndMintResponse(outcome: VerifyAndMintOutcome): VerifyAndMintResponse {
  switch (outcome.kind) {
    case "accepted":
      return accepted(outcome.claim);
    case "already-claimed": {
      const code = CONFLICT_CODES[outcome.conflict];
      // Of another wallet's claim, the visitor learns only that it exists.
      const own = outcome.conflict === "wallet" ? outcome.existing : null;
      return {
        claimed: false,
        alreadyClaimed: true,
        txHash: own?.txHash ?? null,
        claimId: own?.id ?? null,
        status: own?.status ?? null,
        ...failure(code),
      };
    }
    case "attempts-exhausted":
      return { ...accepted(outcome.claim), ...failure("MINT_ATTEMPTS_EXHAUSTED") };
  }
}

function accepted(claim: ClaimRecord): VerifyAndMintResponse {
  const failed = claim.status === "failed";
  return {
    claimed: !failed,
    alreadyClaimed: false,
    txHash: claim.txHash,
    claimId: claim.id,
    status: claim.status,
    ...(failed ? failure("MINT_FAILED") : { error: null, details: null }),
  };
}

function failure(code: ErrorCode) {
  return { error: ERROR_CATALOGUE[code].message, details: code };
}

const CONFLICT_CODES = {
  wallet: "ALREADY_CLAIMED",
  googleAccount: "GOOGLE_ACCOUNT_ALREADY_CLAIMED",
  failedUnderAnotherAccount: "CLAIM_STARTED_BY_ANOTHER_ACCOUNT",
} as const satisfies Record<ClaimConflict, ErrorCode>;
