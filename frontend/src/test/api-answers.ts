/**
 * Test-only: the bodies our API answers with, built in one place and typed by @tube/common's contract. A test
 * states only what it is about; a change of the contract fails here, at compile time, not in a test's stray JSON.
 */
import type { CheckClaimResponse, ClaimView, VerifyAndMintResponse } from "@tube/common/api";
import { ERROR_CATALOGUE, type ErrorCode, type ErrorCodeOfKind } from "@tube/common/errors";
import { apiError, type FakeResponse } from "./fake-api.ts";

const answer = <Body>(body: Body, status = 200): FakeResponse => ({ status, body });

export function subscriptionAnswer(isSubscribed: boolean): FakeResponse {
  return answer({ isSubscribed });
}

/** GET /api/check-claim: by default, the wallet has not claimed. */
export function checkClaimAnswer(claim: Partial<CheckClaimResponse> = {}): FakeResponse {
  return answer<CheckClaimResponse>({ claimed: false, txHash: null, status: null, claimId: null, ...claim });
}

/** GET /api/claims/:id. */
export function claimViewAnswer(view: Pick<ClaimView, "claimId" | "status"> & Partial<ClaimView>): FakeResponse {
  return answer<ClaimView>({ walletAddress: "0x0", txHash: null, explorerUrl: null, ...view });
}

/** verify-and-mint accepted the claim (202): its mint is queued. */
export function mintQueuedAnswer(claimId: string): FakeResponse {
  return answer<VerifyAndMintResponse>(
    { claimed: true, alreadyClaimed: false, txHash: null, claimId, status: "queued", error: null, details: null },
    202,
  );
}

/**
 * verify-and-mint's refusal as an answer, not an error response: a claim held elsewhere (200), or a mint that
 * failed (202, its claim left failed), each with its catalogue code and text.
 */
export function mintRefusedAnswer(
  code: ErrorCodeOfKind<"conflict" | "minting">,
  patch: Partial<VerifyAndMintResponse> = {},
): FakeResponse {
  const conflict = ERROR_CATALOGUE[code].kind === "conflict";
  return answer<VerifyAndMintResponse>(
    {
      claimed: false,
      alreadyClaimed: conflict,
      txHash: null,
      claimId: null,
      status: conflict ? null : "failed",
      error: ERROR_CATALOGUE[code].message,
      details: code,
      ...patch,
    },
    conflict ? 200 : 202,
  );
}

/** An error response with the catalogue's status and text for `code`. */
export function catalogueError(code: ErrorCode, message: string = ERROR_CATALOGUE[code].message): FakeResponse {
  return apiError(ERROR_CATALOGUE[code].status, code, message);
}
