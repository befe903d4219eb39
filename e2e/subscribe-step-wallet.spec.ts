/**
 * The Subscribe step stays true to the wallet and says what its controls keep: in real Chromium against `npm start`'s
 * local world, with the injected test wallet. Nothing here claims, so each test is quick and stands alone.
 */
import type { Locator, Page } from "@playwright/test";
import type { FreshAccount } from "@tube/local-world/google-emulator/create-account";
import { randomWallet } from "@tube/local-world/mint-log";
import {
  CLAIM_STEP,
  connectedLine,
  connectWallet,
  openClaimWizard,
  openClaimWizardSignedIn,
  signInWithGoogle,
  verifyButton,
} from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";
import { screenshot, screenshotAtBothSizes } from "./support/screenshots.ts";

const walletPart = (page: Page) => page.getByRole("group", { name: "Your wallet for the tokens" });

/** The Subscribe step with `account` signed in with Google and `wallet` connected. */
async function openWithWalletConnected(page: Page, account: FreshAccount, wallet: string) {
  await openClaimWizardSignedIn(page, account);
  await connectWallet(page, wallet);
}

/** Where `locator` is on the page, once it is there. */
async function boxOf(locator: Locator) {
  await expect(locator).toBeVisible();
  return (await locator.boundingBox()) as NonNullable<Awaited<ReturnType<Locator["boundingBox"]>>>;
}

test.describe("on a 390×844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("when a visitor works down Step 1, then it leads in order to one wallet choice laid out as on the Connect step, Verify waits saying what it needs, and a toast stays clear of the next control", async ({
    page,
    googleAccount,
    wallet,
  }) => {
    await openClaimWizard(page);
    const username = page.getByLabel("Enter your YouTube username");
    const connect = walletPart(page).getByRole("button", { name: "Connect Wallet to Claim Tokens" });
    const googleWallet = walletPart(page).getByRole("button", { name: "Sign in with Google" });
    const inOrder = [
      page.getByRole("link", { name: /Subscribe to the channel on YouTube/ }),
      page.getByRole("button", { name: "Connect with Google" }),
      username,
      connect,
      verifyButton(page),
    ];
    const tops = [];
    for (const control of inOrder) tops.push((await boxOf(control)).y);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    // Side by side: 'Connect Wallet' first, as on the Connect step.
    const [left, right] = [await boxOf(connect), await boxOf(googleWallet)];
    expect([right.y, right.x > left.x + left.width]).toEqual([left.y, true]);
    await expect(verifyButton(page)).toBeDisabled();
    await expect(verifyButton(page)).toHaveAccessibleDescription(
      "Please authenticate with Google first to verify your subscription.",
    );
    await expect(page.getByText("This helps us verify your subscription status")).toBeHidden();
    await screenshot(page, "mobile-step1-arrival");

    await signInWithGoogle(page, googleAccount);
    const toast = page.locator("[data-scope=toast][data-part=root]", { hasText: "Google Authentication Successful" });
    const toastBox = await boxOf(toast);
    const fieldBox = await boxOf(username);
    expect(toastBox.y + toastBox.height <= fieldBox.y || fieldBox.y + fieldBox.height <= toastBox.y).toBe(true);
    expect(toastBox.y).toBeLessThan(844 / 2);
    await screenshot(page, "mobile-step1-toast");
    await expect(verifyButton(page)).toHaveAccessibleDescription("Please enter your YouTube username.");
    await username.fill(googleAccount.channel.handle);
    await expect(verifyButton(page)).toBeDisabled();
    await expect(verifyButton(page)).toHaveAccessibleDescription("Please connect your wallet before verifying.");
    await screenshot(page, "mobile-step1-google-done");

    await connect.click();
    await expect(connectedLine(page, wallet)).toBeVisible();
    await expect(verifyButton(page)).toBeEnabled();
    await expect(verifyButton(page)).not.toHaveAccessibleDescription(/./);
    await verifyButton(page).click();
    await expect(page.getByText(CLAIM_STEP)).toBeVisible();

    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("button", { name: "Disconnect Wallet" }).click();
    // Measured once the step has settled: the buttons come in with the step's transition.
    await expect
      .poll(async () => {
        const connectHere = await boxOf(page.getByRole("button", { name: "Connect Wallet", exact: true }).last());
        const googleHere = await boxOf(page.getByRole("button", { name: "Sign in with Google" }));
        return [googleHere.y === connectHere.y, googleHere.x > connectHere.x + connectHere.width];
      })
      .toEqual([true, true]);
  });
});

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
