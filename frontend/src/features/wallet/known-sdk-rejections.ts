/** Harmless rejections the WalletConnect SDKs leave unhandled. */
export function isKnownSdkRejection(reason: unknown) {
  if (reason instanceof TypeError) return reason.message.includes("reading 'getDefaultChain'");
  return (
    reason instanceof Error &&
    (reason.message === "Please call connect() before enable()" || reason.message === "Proposal expired")
  );
}

/** Keeps those from surfacing as uncaught errors; returns the way to stop. */
export function ignoreKnownSdkRejections(target: Window) {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isKnownSdkRejection(event.reason)) event.preventDefault();
  };
  target.addEventListener("unhandledrejection", onRejection);
  return () => target.removeEventListener("unhandledrejection", onRejection);
}
