/**
 * Promise rejections the WalletConnect SDKs leave unhandled, each harmless: a chain report that arrives before the
 * session's providers exist (the runtime asks for the chain after connecting), the second disconnect of a session
 * the wallet ended ("Please call connect() before enable()"), and the unhandled twin of an expired proposal.
 */
export function isKnownSdkRejection(reason: unknown): boolean {
  if (reason instanceof TypeError) return reason.message.includes("reading 'getDefaultChain'");
  return (
    reason instanceof Error &&
    (reason.message === "Please call connect() before enable()" || reason.message === "Proposal expired")
  );
}

/** Keeps the SDK rejections above from surfacing as uncaught errors; returns the way to stop. */
export function ignoreKnownSdkRejections(target: Pick<Window, "addEventListener" | "removeEventListener">): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isKnownSdkRejection(event.reason)) event.preventDefault();
  };
  target.addEventListener("unhandledrejection", onRejection);
  return () => target.removeEventListener("unhandledrejection", onRejection);
}
