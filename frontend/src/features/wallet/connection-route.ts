/** Which way 'Connect Wallet' connects, given what this browser offers, and the hint the Connect step gives. */
const METAMASK_ID = "io.metamask";

export type ConnectionRoute =
  { kind: "injected"; walletId: string } | { kind: "metamask-app" } | { kind: "walletconnect" };

export function chooseConnectionRoute(installedWalletIds: readonly string[], isMobile: boolean): ConnectionRoute {
  if (installedWalletIds.includes(METAMASK_ID)) return { kind: "injected", walletId: METAMASK_ID };
  const [firstInstalled] = installedWalletIds;
  if (firstInstalled) return { kind: "injected", walletId: firstInstalled };
  if (isMobile) return { kind: "metamask-app" };
  return { kind: "walletconnect" };
}

export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}

/** The Connect step's context hint, verbatim (docs/product.md#step-2-connect-your-wallet). */
export const METAMASK_BROWSER_HINT =
  "You're in MetaMask's browser. Please connect your wallet for best results. Google login may not work here.";
export const MOBILE_HINT =
  "On mobile, use 'Connect Wallet' via MetaMask/WalletConnect for smoothest access. Google login works best in Chrome/Safari.";
export const DEFAULT_HINT = "Sign in with Google or connect your wallet. Both options are fully supported.";

export function walletContextHint(userAgent: string, isMobile: boolean): string {
  if (/MetaMaskMobile/i.test(userAgent)) return METAMASK_BROWSER_HINT;
  if (isMobile) return MOBILE_HINT;
  return DEFAULT_HINT;
}
