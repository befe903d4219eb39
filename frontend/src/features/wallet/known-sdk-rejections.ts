/**
 * Two promise rejections the WalletConnect SDKs leave unhandled in the page, each harmless once known, kept from
 * surfacing as uncaught errors:
 * - The lost chain report. A wallet that reports its chain as it approves a session (MetaMask Mobile does) can meet a
 *   gap in `@walletconnect/universal-provider` 2.21.8 (`src/UniversalProvider.ts`): `pair` stores the new session,
 *   then awaits two writes to storage before `onConnect` creates the per-namespace providers. A `chainChanged` event
 *   in that gap passes the session check, and `onChainChanged` reads `getDefaultChain` of a provider not made yet. Only
 *   that report is lost, and the wallet runtime makes up for it by asking for its chain after every WalletConnect
 *   connection.
 * - The second goodbye. When the wallet ends the session, the universal provider clears it and then emits both
 *   `session_delete` and `disconnect`; thirdweb answers each by calling the provider's `disconnect`, unawaited
 *   (`thirdweb/src/wallets/wallet-connect/controller.ts`, `onDisconnect`), which rejects with "Please call connect()
 *   before enable()" as there is no session left to end. thirdweb has already told the page the wallet disconnected.
 * - The expired proposal's twin. When no wallet answers a WalletConnect proposal within its 5 minutes, the delayed
 *   promise the connect waits on rejects with "Proposal expired", which reaches the page's connect (wallet-errors.ts
 *   tells the visitor); it also keeps a second promise rejected with the same error for later callers, which nobody
 *   handles (`@walletconnect/utils` 2.21.8 `src/misc.ts`, `createDelayedPromise`).
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
