import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { blockExternalRequests } from "./support/offline.ts";

const PAGES = [
  { path: "/", ready: "Subscribe & Earn Tokens" },
  { path: "/claim", ready: "Step 1: Subscribe & Verify" },
  { path: "/terms", ready: "Terms of Service" },
  { path: "/privacy", ready: "Privacy Policy" },
  { path: "/google-info", ready: "Google API Usage" },
  { path: "/no-such-page", ready: "404 Page Not Found" },
];

test.beforeEach(async ({ context }) => {
  await blockExternalRequests(context);
});

for (const { path, ready } of PAGES) {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`when ${path} is audited at ${viewport.width} px, then axe finds no WCAG A/AA violation and nothing scrolls sideways`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await expect(page.getByRole("heading", { name: ready }).first()).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
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
}

test("when the claim wizard is used from the keyboard, then every control is reachable in order", async ({ page }) => {
  await page.goto("/claim");
  await expect(page.getByText("Step 1: Subscribe & Verify")).toBeVisible();
  const reached: string[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    reached.push(
      await page.evaluate(
        () =>
          (document.activeElement as HTMLElement | null)?.innerText?.trim() ||
          document.activeElement?.getAttribute("aria-label") ||
          "",
      ),
    );
  }
  expect(reached).toEqual(expect.arrayContaining(["Reset", "Connect with Google"]));
  expect(reached.some((name) => /Connect Wallet/.test(name))).toBe(true);
});
