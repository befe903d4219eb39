/**
 * A wallet that reports its chain as it approves a WalletConnect session (MetaMask Mobile does) can meet a gap in
 * `@walletconnect/universal-provider` 2.21.8 (`src/UniversalProvider.ts`): `pair` stores the new session, then awaits
 * two writes to storage before `onConnect` creates the per-namespace providers. A `chainChanged` event in that gap
 * passes the session check, and `onChainChanged` reads `getDefaultChain` of a provider not made yet; the promise
 * rejects with nobody to catch it. Only that chain report is lost, and the wallet runtime makes up for it by asking
 * for its chain after every WalletConnect connection.
 */
export function isLostChainReport(reason: unknown): boolean {
  return reason instanceof TypeError && reason.message.includes("reading 'getDefaultChain'");
}

/** Keeps the SDK's lost chain report (above) from surfacing as an uncaught error; returns the way to stop. */
export function ignoreLostChainReports(target: Pick<Window, "addEventListener" | "removeEventListener">): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isLostChainReport(event.reason)) event.preventDefault();
  };
  target.addEventListener("unhandledrejection", onRejection);
  return () => target.removeEventListener("unhandledrejection", onRejection);
}
