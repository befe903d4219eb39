/** Following a queued mint until it settles, long-polling GET /api/claims/:id. */
import type { ClaimView } from "@tube/common/api";
import type { ClaimStatus } from "@tube/common/constants";
import { ERROR_CATALOGUE, mintFailureText } from "@tube/common/errors";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { getClaim, isClaimPending, type FailedClaim } from "./claim-api.ts";

/** Gap after a held read answers: the server answers at once what changed meanwhile. */
const CLAIM_POLL_INTERVAL_MS = 100;
/** After a transient failure, well within the read limit of five a second. */
const CLAIM_RETRY_DELAY_MS = 500;
/** Past this the visitor is told to check again later. */
const CLAIM_POLL_TIMEOUT_MS = 5 * 60_000;
/** Transient failures in a row before following gives up. */
const MAX_CONSECUTIVE_POLL_ERRORS = 5;

/** A mint with no confirmed transaction; the message shows under 'Minting Failed'. */
export class MintFailure extends Error {
  override readonly name = "MintFailure";

  constructor(
    message: string,
    readonly failedClaim: FailedClaim,
    /** A code of `MINT_FAILURE_REASONS`, when the server knows it. */
    readonly reason: string | null = null,
  ) {
    super(message);
  }
}

export type ClaimProgress =
  | { state: "idle" }
  | { state: "pending"; status: ClaimStatus | null }
  | { state: "confirmed"; txHash: string }
  | { state: "failed"; error: unknown };

export function useClaimProgress(
  claimId: string | null,
  { timeoutMs = CLAIM_POLL_TIMEOUT_MS }: { timeoutMs?: number } = {},
): ClaimProgress {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ["claim", claimId],
    // Held by the server while the claim stays as the page shows it.
    queryFn: ({ signal, queryKey }) =>
      getClaim(claimId as string, { signal }, client.getQueryData<ClaimView>(queryKey)?.status),
    enabled: claimId !== null,
    refetchInterval: (current) => (isClaimPending(current.state.data?.status ?? null) ? CLAIM_POLL_INTERVAL_MS : false),
    // A mint goes on while the tab is hidden; so does following it.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    retry: (failureCount, error) => isTransient(error) && failureCount < MAX_CONSECUTIVE_POLL_ERRORS - 1,
    retryDelay: CLAIM_RETRY_DELAY_MS,
    // Each follow starts from the server, not an earlier follow's cache.
    staleTime: 0,
    gcTime: 0,
  });
  const timedOut = useTimeout(claimId, timeoutMs);
  const { isError, error, data } = query;
  // Stable, so effects that follow it run once per change.
  return useMemo(
    () => (claimId === null ? { state: "idle" } : progressOf(isError ? error : null, data, timedOut)),
    [claimId, isError, error, data, timedOut],
  );
}

function progressOf(error: unknown, claim: ClaimView | undefined, timedOut: boolean): ClaimProgress {
  const failed = (message: string, failedClaim: FailedClaim = "none", reason: string | null = null) => ({
    state: "failed" as const,
    error: new MintFailure(message, failedClaim, reason),
  });
  if (error) return { state: "failed", error };
  if (claim?.status === "failed") {
    const reason = claim.failureReason ?? null;
    return claim.onHold
      ? failed(ERROR_CATALOGUE.MINT_ATTEMPTS_EXHAUSTED.message, "onHold", reason)
      : failed(mintFailureText(reason) ?? "Transaction failed for unknown reason", "retryable", reason);
  }
  if (claim?.status === "confirmed")
    return claim.txHash ? { state: "confirmed", txHash: claim.txHash } : failed("No transaction hash returned");
  // The claim goes on without the page: the Claim step looks it up again on return.
  if (timedOut)
    return failed("The transaction is taking longer than expected. Come back to this page later to see how it ended.");
  return { state: "pending", status: claim?.status ?? null };
}

/** True once `timeoutMs` has passed since `key` last became non-null. */
function useTimeout(key: string | null, timeoutMs: number) {
  const [expiredKey, setExpiredKey] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    const timer = setTimeout(() => setExpiredKey(key), timeoutMs);
    return () => {
      clearTimeout(timer);
      setExpiredKey(null);
    };
  }, [key, timeoutMs]);
  return key !== null && expiredKey === key;
}

function isTransient(error: unknown) {
  if (!(error instanceof ApiError)) return false;
  return error.code === "NETWORK" || error.code === "RATE_LIMITED" || error.status >= 500;
}
