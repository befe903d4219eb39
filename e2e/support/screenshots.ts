import { test, type Page } from "@playwright/test";

// Screenshots are taken only on demand: `E2E_SCREENSHOTS=1 npm exec -- playwright test` writes them under test-results/.
const WANTED = process.env.E2E_SCREENSHOTS === "1";

/** The two sizes the journeys are walked at. */
export const VIEWPORTS = [
  { label: "desktop", width: 1280, height: 800 },
  { label: "mobile", width: 390, height: 844 },
] as const;

/** A full-page screenshot named `name`, in this test's output folder, when screenshots are wanted. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!WANTED) return;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, animations: "disabled" });
}

/** The same state at both journey sizes, the page's own size restored after. */
export async function screenshotAtBothSizes(page: Page, name: string): Promise<void> {
  if (!WANTED) return;
  const original = page.viewportSize();
  for (const { label, width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${label}-${name}`);
  }
  if (original) await page.setViewportSize(original);
}
