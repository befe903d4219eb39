import type { Page } from "@playwright/test";
import { REWARD_TOKENS } from "@tube/common/constants";
import type { FreshAccount } from "@tube/local-world/google-emulator/create-account";
import { expect } from "./expect.ts";

export const CLAIM_STEP = "Step 3: Claim Your Tokens";

/** Opens the claim wizard and waits for its first step. */
export async function openClaimWizard(page: Page): Promise<void> {
  await page.goto("/claim");
  await expect(page.getByText("Step 1: Subscribe & Verify")).toBeVisible();
}

/** Opens the claim wizard and signs `account` in with Google there. */
export async function openClaimWizardSignedIn(page: Page, account: FreshAccount): Promise<void> {
  await page.goto("/claim");
  await signInWithGoogle(page, account);
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
}

/**
 * Opens Google's popup with `open` (the wizard's "Connect with Google" unless given) and picks `account` there; the
 * popup is returned, where an account that manages Brand Accounts goes on to the channel picker.
 */
export async function signInWithGoogle(
  page: Page,
  account: FreshAccount,
  open: () => Promise<void> = () => page.getByRole("button", { name: "Connect with Google" }).click(),
): Promise<Page> {
  const popupOpened = page.waitForEvent("popup");
  await open();
  const popup = await popupOpened;
  await expect(popup.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await popup.getByRole("button", { name: account.email }).click();
  return popup;
}

/** The wallet indicator's line for `wallet`, which the page shows shortened to its first 6 and last 4 characters. */
export function connectedLine(page: Page, wallet: string) {
  return page.getByText(new RegExp(`Connected: ${wallet.slice(0, 6)}\\.\\.\\.${wallet.slice(-4)}`, "i"));
}

/** The Subscribe step's own "Connect Wallet" button, with the injected test wallet. */
export async function connectWallet(page: Page, wallet: string): Promise<void> {
  await page.getByRole("button", { name: "Connect Wallet" }).first().click();
  await expect(connectedLine(page, wallet)).toBeVisible();
}

/** Google, username, `wallet`, Verify: the wizard stops on the Claim step. */
export async function reachClaimStep(
  page: Page,
  account: FreshAccount,
  wallet: string,
  username = account.channel.handle,
): Promise<void> {
  await verifySubscription(page, account, wallet, username);
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
}

/** Google, username, `wallet`, and presses Verify. */
export async function verifySubscription(
  page: Page,
  account: FreshAccount,
  wallet: string,
  username = account.channel.handle,
): Promise<void> {
  await fillVerifyStep(page, account, wallet, username);
  await verifyButton(page).click();
}

/** Google, username, `wallet`: all that Verify needs, short of pressing it. */
export async function fillVerifyStep(
  page: Page,
  account: FreshAccount,
  wallet: string,
  username = account.channel.handle,
): Promise<void> {
  await signInWithGoogle(page, account);
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  await page.getByLabel("Enter your YouTube username").fill(username);
  // After a Reset the wallet may still be connected (Reset signs out of Google only).
  const connected = connectedLine(page, wallet);
  const connectButton = page.getByRole("button", { name: "Connect Wallet", exact: true, disabled: false });
  await expect(connected.or(connectButton)).toBeVisible();
  if (!(await connected.isVisible())) await connectButton.click();
  await expect(connected).toBeVisible();
}

export function verifyButton(page: Page) {
  return page.getByRole("button", { name: "Verify My Subscription" });
}

export function claimButton(page: Page) {
  return page.getByRole("button", { name: `Claim ${REWARD_TOKENS} Tokens` });
}

/** Presses Claim and waits for the mint's success dialog, which it returns. */
export async function claimTokens(page: Page) {
  await claimButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Transaction Successful" });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  return dialog;
}

export async function resetAndWaitForReload(page: Page): Promise<void> {
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Reset" }).click();
  await reloaded;
  await expect(page.getByRole("button", { name: "Connect with Google" })).toBeVisible();
}
