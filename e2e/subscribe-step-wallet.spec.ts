/**
 * The Subscribe step stays true to the wallet and says what its controls keep: in real Chromium against `npm start`'s
 * local world, with the injected test wallet. Nothing here claims, so each test is quick and stands alone.
 */
import type { Page } from "@playwright/test";
import type { FreshAccount } from "@tube/local-world/google-emulator/create-account";
import { randomWallet } from "@tube/local-world/mint-log";
import {
  CLAIM_STEP,
  connectedLine,
  connectWallet,
  openClaimWizardSignedIn,
  verifyButton,
} from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";
import { screenshotAtBothSizes } from "./support/screenshots.ts";

const walletPart = (page: Page) => page.getByRole("group", { name: "Your wallet for the tokens" });

/** The Subscribe step with `account` signed in with Google and `wallet` connected. */
async function openWithWalletConnected(page: Page, account: FreshAccount, wallet: string) {
  await openClaimWizardSignedIn(page, account);
  await connectWallet(page, wallet);
}

test("when the visitor changes the wallet on the Subscribe step, then the page follows, 'Disconnect Wallet' offers both ways in again with Google kept, and Verify goes on with the new wallet", async ({
  page,
  googleAccount,
  wallet,
}) => {
  await openWithWalletConnected(page, googleAccount, wallet);
  await expect(walletPart(page)).toContainText(wallet, { ignoreCase: true });

  // The visitor picks another account in the wallet itself.
  const other = randomWallet();
  await page.evaluate(
    (next) =>
      (window as unknown as { testWallet: { switchAccount(next: string): void } }).testWallet.switchAccount(next),
    other,
  );
  await expect(connectedLine(page, other)).toBeVisible();
  await expect(walletPart(page)).toContainText(other, { ignoreCase: true });

  const disconnect = walletPart(page).getByRole("button", { name: "Disconnect Wallet" });
  await expect(disconnect).toHaveAccessibleDescription(/To claim with another wallet, press 'Disconnect Wallet'/);
  await disconnect.click();
  await expect(walletPart(page).getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeVisible();
  await expect(walletPart(page).getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect Wallet", exact: true })).toBeVisible();
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  await screenshotAtBothSizes(page, "subscribe-wallet-choices");

  await walletPart(page).getByRole("button", { name: "Connect Wallet to Claim Tokens" }).click();
  await expect(connectedLine(page, other)).toBeVisible();
  await screenshotAtBothSizes(page, "subscribe-wallet-connected");
  await page.getByLabel("Enter your YouTube username").fill(googleAccount.channel.handle);
  await verifyButton(page).click();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  await expect(connectedLine(page, other)).toBeVisible();
});

test("when Reset is pressed with a wallet connected, then it said beforehand that it signs out of Google and keeps the wallet, and it does", async ({
  page,
  googleAccount,
  wallet,
}) => {
  await openWithWalletConnected(page, googleAccount, wallet);
  expect(await page.evaluate(() => sessionStorage.getItem("googleAuthData"))).not.toBeNull();
  const reset = page.getByRole("button", { name: "Reset" });
  await expect(reset).toHaveAccessibleDescription(
    "Reset signs out of Google and clears your progress. Your wallet stays connected.",
  );
  await expect(page.getByText("Reset signs out of Google and clears your progress.")).toBeVisible();

  await test.step("when Reset is pressed, then the Google session is cleared, the toast shown and the page reloads signed out", async () => {
    const reloaded = page.waitForEvent("load");
    await reset.click();
    await expect(page.getByText("Logged out from Google")).toBeVisible();
    await reloaded;
    await expect(page.getByRole("button", { name: "Connect with Google" })).toBeVisible();
    expect(
      await page.evaluate(() => [sessionStorage.getItem("googleAuthData"), sessionStorage.getItem("userEmail")]),
    ).toEqual([null, null]);
  });

  await expect(page.getByText("Google Authorization Complete!")).toBeHidden();
  await expect(connectedLine(page, wallet)).toBeVisible();
});
