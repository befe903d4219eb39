import type { Page } from "@playwright/test";

/** A string only thirdweb's wallet code holds (the ecosystem wallet's host); the e2e bundle budget uses the same mark. */
const WALLET_CODE_MARK = "embedded-wallet.thirdweb.com";

/**
 * Watches the scripts a page downloads; `loaded()` says whether any of them so far carried thirdweb's wallet
 * code. Call before the first navigation.
 */
export function watchWalletCode(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script" || !response.ok()) return;
    bodies.push(response.text().catch(() => ""));
  });
  return {
    loaded: async () => (await Promise.all(bodies)).some((body) => body.includes(WALLET_CODE_MARK)),
  };
}
