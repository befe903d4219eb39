/** Which way 'Connect Wallet' connects, given what this browser offers. */
const METAMASK_ID = "io.metamask";

export type ConnectionRoute =
  | { kind: "injected"; walletId: string }
  /** No wallet in this mobile browser: open the MetaMask app through WalletConnect. */
  | { kind: "metamask-app" }
  /** No wallet on desktop: show a WalletConnect QR code for a phone wallet. */
  | { kind: "walletconnect" };

export function chooseConnectionRoute({
  installedWalletIds,
  isMobile,
}: {
  /** EIP-6963 rdns values of the wallets installed in this browser. */
  installedWalletIds: readonly string[];
  isMobile: boolean;
}): ConnectionRoute {
  if (installedWalletIds.includes(METAMASK_ID)) return { kind: "injected", walletId: METAMASK_ID };
  const [firstInstalled] = installedWalletIds;
  if (firstInstalled) return { kind: "injected", walletId: firstInstalled };
  if (isMobile) return { kind: "metamask-app" };
  return { kind: "walletconnect" };
}

export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}
