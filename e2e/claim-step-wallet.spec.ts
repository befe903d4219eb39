import type { Page } from "@playwright/test";
import { CLAIM_STEP, reachClaimStep } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";

type TestWallet = { disconnect(): void; changeChain(chainId: string): void };

/** A row of the Claim step's list, by its label (a toast may say "Wallet Connected" too). */
const row = (page: Page, label: string) => page.locator("dl").getByText(label, { exact: true }).locator("..");

test("when the wallet changes network or disconnects on the Claim step, then its rows say so at once and offer the fix", async ({
  page,
  googleAccount,
  wallet,
}) => {
  await page.goto("/claim");
  await reachClaimStep(page, googleAccount, wallet);
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  await expect(row(page, "Network")).toContainText("Arbitrum");

  await page.evaluate(() => (window as unknown as { testWallet: TestWallet }).testWallet.changeChain("0x1"));
  await expect(row(page, "Network")).toContainText("Wrong Network");
  await page.getByRole("button", { name: "Switch to Arbitrum Network" }).click();
  await expect(row(page, "Network")).toContainText("Arbitrum");
  await expect(row(page, "Network")).not.toContainText("Wrong Network");

  await page.evaluate(() => (window as unknown as { testWallet: TestWallet }).testWallet.disconnect());
  await expect(row(page, "Wallet Connected")).toContainText("Not connected");
  await expect(page.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeVisible();
});
