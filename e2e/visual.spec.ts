import type { Locator, Page } from "@playwright/test";
import { connectWallet } from "./support/claim-wizard.ts";
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
  { name: "google-info", path: "/google-info", ready: "Google API Usage" },
  { name: "not-found", path: "/no-such-page", ready: "404 Page Not Found" },
  // Last: the wallet then connects on this page as it stands.
  { name: "claim-subscribe", path: "/claim", ready: "Step 1: Subscribe & Verify" },
];

// One browser context per size walks every page, each loaded afresh, and ends with the wallet connecting on the last,
// /claim: the test wallet is in the browser from the start, and until it connects no page shows or reads it.
for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("when each page is shown, and when a wallet connects on the Subscribe step, then each looks as its committed screenshot", async ({
      page,
      wallet,
    }) => {
      for (const { name, path, ready } of PAGES) {
        await test.step(`when ${path} is shown, then it looks as its committed screenshot`, async () => {
          await page.goto(path);
          await expect(page.getByRole("heading", { name: ready }).first()).toBeVisible();
          await expect(page).toHaveScreenshot(`${viewport.label}-${name}.png`, {
            ...TOLERANCE,
            mask: runDependent(page),
          });
        });
      }

      await test.step("when a wallet connects on the Subscribe step, then the header looks as its committed screenshot", async () => {
        await connectWallet(page, wallet);
        await expect(page).toHaveScreenshot(`${viewport.label}-claim-wallet-connected.png`, {
          ...TOLERANCE,
          mask: runDependent(page),
        });
      });
    });
  });
}
