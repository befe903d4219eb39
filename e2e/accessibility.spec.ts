import { openClaimWizard } from "./support/claim-wizard.ts";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures.ts";

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
for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(() => {
    test.use({ viewport });

    test(`when every page is audited at ${viewport.width} px, then axe finds no WCAG A/AA violation and nothing scrolls sideways`, async ({
      page,
    }) => {
      for (const { path, ready } of PAGES) {
        await test.step(`when ${path} is audited at ${viewport.width} px, then axe finds no WCAG A/AA violation and nothing scrolls sideways`, async () => {
          await page.goto(path);
          await expect(page.getByRole("heading", { name: ready }).first()).toBeVisible();
          const results = await new AxeBuilder({ page })
            .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
            .analyze();
          expect(
            results.violations.map(
              (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
            ),
          ).toEqual([]);
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
