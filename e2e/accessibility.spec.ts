import {
  claimButton,
  claimTokens,
  connectedLine,
  openClaimWizard,
  signInWithGoogle,
  verifyButton,
} from "./support/claim-wizard.ts";
import type { Page } from "@playwright/test";
import { axeViolations as violations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { failWalletConnects } from "./support/test-wallet.ts";

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** The wizard's state as it stands, on a phone and on a desktop, once what fades or slides in (a step, a toast) is drawn. */
async function auditAtBothSizes(page: Page, state: string): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // A colour read mid-transition is no colour a visitor reads; a spinner's endless animation never settles.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
    );
    expect(await violations(page), `${state} at ${viewport.width} px`).toEqual([]);
  }
}

const PAGES = [
  { path: "/", ready: "Subscribe & Earn Tokens" },
  { path: "/claim", ready: "Step 1: Subscribe & Verify" },
  { path: "/terms", ready: "Terms of Service" },
  { path: "/privacy", ready: "Privacy Policy" },
  { path: "/google-info", ready: "Google API Usage" },
  { path: "/no-such-page", ready: "404 Page Not Found" },
];

// Each page is opened afresh in one browser context per width: what axe and the overflow check read is that page's
// own document, and a context for each page only paid for the browser's set-up again.
for (const viewport of [PHONE, DESKTOP]) {
  test.describe(() => {
    test.use({ viewport });

    test(`when every page is audited at ${viewport.width} px, then axe finds no WCAG A/AA violation and nothing scrolls sideways`, async ({
      page,
    }) => {
      for (const { path, ready } of PAGES) {
        await test.step(`when ${path} is audited at ${viewport.width} px, then axe finds no WCAG A/AA violation and nothing scrolls sideways`, async () => {
          await page.goto(path);
          await expect(page.getByRole("heading", { name: ready }).first()).toBeVisible();
          expect(await violations(page)).toEqual([]);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
        });
      }
    });
  });
}

/** The Subscribe step's controls as Tab reaches them, header to footer; the disabled ones are skipped. */
const CLAIM_FOCUS_ORDER = [
  "TuBE Rewards",
  "Reset",
  "Connect Wallet",
  "Subscribe to the channel on YouTube (opens in a new tab)",
  "Connect with Google",
  "Connect Wallet to Claim Tokens",
  "Sign in with Google",
  "Terms of Service",
  "Privacy Policy",
  "Google API Usage",
  "YouTube Channel (opens in a new tab)",
  "Google API Services User Data Policy (opens in a new tab)",
];

test("when the claim wizard is used from the keyboard, then every control is reachable in order", async ({ page }) => {
  await openClaimWizard(page);
  for (const [index, name] of CLAIM_FOCUS_ORDER.entries()) {
    await page.keyboard.press("Tab");
    await expect(page.locator(":focus"), `Tab press ${index + 1}`).toHaveAccessibleName(name);
  }
});

test("when a wallet is awaited and when it refuses, then axe finds no WCAG A/AA violation", async ({
  page,
  wallet,
}) => {
  expect(wallet).toMatch(/^0x/);
  await openClaimWizard(page);
  await failWalletConnects(page, "silent");
  await page.getByRole("button", { name: "Connect Wallet to Claim Tokens" }).click();
  await expect(page.getByText(/^Waiting for your wallet to answer/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect Wallet", exact: true })).toBeDisabled();
  await auditAtBothSizes(page, "waiting for a wallet");

  await openClaimWizard(page);
  await failWalletConnects(page, "reject");
  await page.getByRole("button", { name: "Connect Wallet to Claim Tokens" }).click();
  await expect(page.locator("[data-scope=toast][data-type=error]")).toBeVisible();
  await auditAtBothSizes(page, "a refused wallet's error toast");
});

test("when a visitor goes through every step, then focus moves to what comes next and axe finds no WCAG A/AA violation", async ({
  page,
  googleAccount,
  wallet,
}) => {
  await openClaimWizard(page);
  await signInWithGoogle(page, googleAccount);
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  const username = page.getByLabel("Enter your YouTube username");
  await expect(username).toBeFocused();
  await expect(username).toHaveCSS("outline-width", "2px");
  await auditAtBothSizes(page, "Subscribe, signed in to Google");

  await username.fill(googleAccount.channel.handle);
  await page.getByRole("button", { name: "Connect Wallet to Claim Tokens" }).click();
  await expect(connectedLine(page, wallet)).toBeVisible();
  await expect(verifyButton(page)).toBeFocused();
  await auditAtBothSizes(page, "Subscribe, with a wallet connected");

  await verifyButton(page).click();
  await expect(claimButton(page)).toBeEnabled();
  await auditAtBothSizes(page, "Claim");

  // The wallet lost on the Claim step: no network to name, Claim waits, and the one fix is offered.
  await page.evaluate(() => (window as unknown as { testWallet: { disconnect(): void } }).testWallet.disconnect());
  const network = page.locator("dl").getByText("Network", { exact: true }).locator("..");
  await expect(network).toHaveText(/Network\s*—/);
  await expect(claimButton(page)).toBeDisabled();
  await auditAtBothSizes(page, "Claim without a wallet");
  await page.getByRole("button", { name: "Connect Wallet to Claim Tokens" }).click();
  await expect(network).toContainText("Arbitrum");
  await expect(claimButton(page)).toBeEnabled();

  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByText("Step 2: Connect Your Wallet")).toBeVisible();
  await auditAtBothSizes(page, "Connect");
  await page.getByRole("button", { name: "Continue" }).click();

  const dialog = await claimTokens(page);
  await auditAtBothSizes(page, "the success dialog");
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(page.getByText("Tokens Claimed Successfully!")).toBeVisible();
  await auditAtBothSizes(page, "Done");
});
