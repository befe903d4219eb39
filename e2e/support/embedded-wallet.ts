import { expect, type Page } from "@playwright/test";
import type { WalletFaultMode } from "@tube/local-world/embedded-wallet/wallet-faults";
import { setWalletFault as setFault } from "@tube/local-world/test/stand-in-controls";
import type { FreshAccount } from "@tube/local-world/google-emulator/create-account";
import { loadTlsIdentity } from "@tube/local-world/network-border/tls-identity";

/**
 * 'Sign in with Google' on the wallet panel: the page goes to thirdweb's wallet service (the local world's stand-in,
 * reached through Chromium's host-resolver rules), on to Google's account chooser, where `choose` acts (picks
 * `account` unless told otherwise), and back to /claim.
 */
export async function signInWithEmbeddedWallet(
  page: Page,
  account: FreshAccount,
  choose: (chooser: Page) => Promise<void> = (chooser) => chooser.getByRole("button", { name: account.email }).click(),
): Promise<void> {
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await choose(page);
  await page.waitForURL(/\/claim/);
}

/** The embedded wallet's full address, as the wallet panel shows it once connected. */
export async function connectedAddress(page: Page): Promise<string> {
  const shown = page.getByText(/^0x[0-9a-fA-F]{40}$/).first();
  await expect(shown).toBeVisible();
  return ((await shown.textContent()) ?? "").trim();
}

/** The address bar holds none of the redirect login's parameters. */
export async function expectCleanAddress(page: Page): Promise<void> {
  await expect(page).toHaveURL((url) =>
    ["walletId", "authProvider", "state", "authResult", "authCookie"].every((name) => !url.searchParams.has(name)),
  );
}

/** Aims a fault of the wallet stand-in (local-world's wallet-faults.ts) at one Google account. */
export function setWalletFault(fault: { mode: WalletFaultMode; account: string }): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR as string;
  return setFault(
    { port: Number(process.env.E2E_BORDER_PORT), certificatePem: loadTlsIdentity(dataDir).certificatePem },
    fault,
  );
}
