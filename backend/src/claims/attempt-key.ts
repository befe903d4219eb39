/** Engine's idempotency key of one attempt and its transaction id (ADR 2); Engine cannot read `:` back, hence `-`. */
export function attemptKey(claimId: string, attempt: number) {
  return `${claimId}-${attempt}`;
}

/** Claim ids hold `-` too: the last one splits. */
export function claimIdOfAttemptKey(transactionId: string) {
  return transactionId.slice(0, transactionId.lastIndexOf("-"));
}
