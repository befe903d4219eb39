/**
 * Following a queued mint until it settles. The server answers 202 as soon as
 * the mint is queued; the transaction hash exists only once it is submitted.
 */
import type { ClaimView } from "@tube/common/api";
import { UNFINISHED_CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";
import { ApiError } from "../../lib/api-client.ts";
import { getClaim } from "./claim-api.ts";

export const CLAIM_POLL_INTERVAL_MS = 1_000;
/** Engine confirms on Arbitrum within seconds; past this the visitor is told to check again later. */
export const CLAIM_POLL_TIMEOUT_MS = 5 * 60_000;
/** Transient failures (a dropped request, a busy server) are retried this many times in a row. */
const MAX_CONSECUTIVE_POLL_ERRORS = 5;

/** A mint that did not produce a confirmed transaction; the message is shown under 'Minting Failed'. */
export class MintFailure extends Error {
  override readonly name = "MintFailure";
}

export function isClaimPending(status: ClaimStatus | null): boolean {
  return (UNFINISHED_CLAIM_STATUSES as readonly (ClaimStatus | null)[]).includes(status);
}

export async function waitForClaim(
  claimId: string,
  {
    onStatus,
    signal,
    intervalMs = CLAIM_POLL_INTERVAL_MS,
    timeoutMs = CLAIM_POLL_TIMEOUT_MS,
  }: { onStatus: (claim: ClaimView) => void; signal?: AbortSignal; intervalMs?: number; timeoutMs?: number },
): Promise<ClaimView & { txHash: string }> {
  const deadline = Date.now() + timeoutMs;
  let consecutiveErrors = 0;
  for (;;) {
    signal?.throwIfAborted();
    try {
      const claim = await getClaim(claimId, { signal });
      consecutiveErrors = 0;
      onStatus(claim);
      if (claim.status === "failed") throw new MintFailure("Transaction failed for unknown reason");
      if (claim.status === "confirmed") {
        if (!claim.txHash) throw new MintFailure("No transaction hash returned");
        return { ...claim, txHash: claim.txHash };
      }
    } catch (error) {
      if (!isTransient(error) || (consecutiveErrors += 1) >= MAX_CONSECUTIVE_POLL_ERRORS) throw error;
    }
    if (Date.now() >= deadline) {
      throw new MintFailure("The transaction is taking longer than expected. Press 'Claim 250 Tokens' again to check on it.");
    }
    await delay(intervalMs, signal);
  }
}

function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === "NETWORK" || error.code === "RATE_LIMITED" || error.status >= 500;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
