/** Engine's idempotency key and transaction id of one attempt (ADR 2); Engine cannot read `:` back, hence `-`. */
export function attemptKey(claimId: string, attempt: number) {
  return `${claimId}-${attempt}`;
}

/** Claim ids hold `-` too: the last one splits. */
export function claimIdOfAttemptKey(transactionId: string) {
  return transactionId.slice(0, transactionId.lastIndexOf("-"));
}
