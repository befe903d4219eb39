/**
 * Engine's idempotency key of one attempt: a new attempt gets a new key, never a reused one (ADR 2). The key becomes
 * Engine's transaction id, which its EOA executor stores between `:` separators: a key holding a `:` is never read
 * back, so Engine would never confirm it and would keep sending no-ops at its nonce. Hence `-`.
 */
export function attemptKey(claimId: string, attempt: number): string {
  return `${claimId}-${attempt}`;
}

/** The claim an Engine transaction id names, as `attemptKey` made it (claim ids hold `-` too: the last one splits). */
export function claimIdOfAttemptKey(transactionId: string): string {
  return transactionId.slice(0, transactionId.lastIndexOf("-"));
}
