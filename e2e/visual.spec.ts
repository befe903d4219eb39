import type { Locator, Page } from "@playwright/test";
import { connectWallet, openClaimWizard } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";
import { VIEWPORTS } from "./support/screenshots.ts";

/**
 * What changes from run to run, or with the year, is masked: a fresh wallet's address, the copyright year, toasts
 * (their timing is the wizard's, not the layout's).
 */
function runDependent(page: Page): Locator[] {
  return [
    page.getByText(/^Connected: 0x/),
    page.getByText(/^0x[0-9a-f]{40}$/i),
    page.getByText(/^© \d{4} /),
    page.locator("[data-scope=toast][data-part=root]"),
  ];
}

/**
 * Font rendering differs by a few pixels between runs of the same Chromium; a layout shift (a wrapped header, a moved
 * button) changes far more than 1 % of the page.
 */
const TOLERANCE = { maxDiffPixelRatio: 0.01, animations: "disabled", caret: "hide" } as const;

const PAGES = [
  { name: "landing", path: "/", ready: "Subscribe & Earn Tokens" },
  { name: "claim-subscribe", path: "/claim", ready: "Step 1: Subscribe & Verify" },
  { name: "google-info", path: "/google-info", ready: "Google API Usage" },
  { name: "not-found", path: "/no-such-page", ready: "404 Page Not Found" },
];

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const { name, path, ready } of PAGES) {
      test(`when ${path} is shown, then it looks as its committed screenshot`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole("heading", { name: ready }).first()).toBeVisible();
        await expect(page).toHaveScreenshot(`${viewport.label}-${name}.png`, {
          ...TOLERANCE,
          mask: runDependent(page),
        });
      });
    }

    test("when a wallet connects on the Subscribe step, then the header looks as its committed screenshot", async ({
      page,
      wallet,
    }) => {
      await openClaimWizard(page);
      await connectWallet(page, wallet);
      await expect(page).toHaveScreenshot(`${viewport.label}-claim-wallet-connected.png`, {
        ...TOLERANCE,
        mask: runDependent(page),
      });
    });
  });
}
