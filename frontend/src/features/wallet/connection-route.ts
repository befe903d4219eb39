/** Which way 'Connect Wallet' connects in this browser, and the Connect step's hint. */
const METAMASK_ID = "io.metamask";

type ConnectionRoute = { kind: "injected"; walletId: string } | { kind: "metamask-app" } | { kind: "walletconnect" };

export function chooseConnectionRoute(installedWalletIds: readonly string[], isMobile: boolean): ConnectionRoute {
  if (installedWalletIds.includes(METAMASK_ID)) return { kind: "injected", walletId: METAMASK_ID };
  const [firstInstalled] = installedWalletIds;
  if (firstInstalled) return { kind: "injected", walletId: firstInstalled };
  if (isMobile) return { kind: "metamask-app" };
  return { kind: "walletconnect" };
}

export function isMobileUserAgent(userAgent: string) {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}

/** The Connect step's context hint, verbatim (docs/product.md#step-2-connect-your-wallet). */
export const METAMASK_BROWSER_HINT =
  "You're in MetaMask's browser. Please connect your wallet for best results. Google login may not work here.";
export const MOBILE_HINT =
  "On mobile, use 'Connect Wallet' via MetaMask/WalletConnect for smoothest access. Google login works best in Chrome/Safari.";
export const DEFAULT_HINT = "Sign in with Google or connect your wallet. Both options are fully supported.";

export function walletContextHint(userAgent: string, isMobile: boolean) {
  if (/MetaMaskMobile/i.test(userAgent)) return METAMASK_BROWSER_HINT;
  if (isMobile) return MOBILE_HINT;
  return DEFAULT_HINT;
}

/** How long a phone's wallet app has to take the page over after its deep link, before "none opened". */
export const DEEP_LINK_WAIT_SECONDS = 5;

/** Calls `onNothingOpened` unless the page hides or loses focus in time, as when an app opens. */
export function watchDeepLink(view: Window, onNothingOpened: () => void) {
  const timer = setTimeout(onNothingOpened, DEEP_LINK_WAIT_SECONDS * 1000);
  // A document's visibilitychange reaches its window too.
  for (const event of ["blur", "pagehide", "visibilitychange"])
    view.addEventListener(event, () => clearTimeout(timer), { once: true });
}

export const QR_HINT = "Scan it with a wallet app such as MetaMask on your phone.";

/** thirdweb's QR overlay does not say what scans it: a line goes under its title. */
export function hintQrOverlay(root: Document) {
  const observer = new MutationObserver(() => {
    const title = [...root.querySelectorAll("h3")].find((heading) => heading.textContent === "Scan to Connect");
    if (!title || title.nextElementSibling?.textContent === QR_HINT) return;
    const hint = Object.assign(root.createElement("p"), { textContent: QR_HINT });
    hint.style.cssText = `margin: 0; font-size: 14px; text-align: center; color: ${title.style.color}`;
    title.after(hint);
  });
  observer.observe(root.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
