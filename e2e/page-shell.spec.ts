import { connectedLine, openClaimWizard } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";

/** thirdweb's analytics service (the SDK's "analytics" domain) and its social profile lookups by wallet address. */
const THIRDWEB_TRACKING_HOSTS = ["c.thirdweb.com", "social.thirdweb.com"];

test("when a wallet connects from the header's button, then no tooltip opens until the visitor points at or focuses the badge", async ({
  page,
  wallet,
}) => {
  const tracked: string[] = [];
  page.on("request", (request) => {
    if (THIRDWEB_TRACKING_HOSTS.includes(new URL(request.url()).hostname)) tracked.push(request.url());
  });
  await openClaimWizard(page);
  await page.getByRole("button", { name: "Connect Wallet", exact: true }).click();
  const badge = page.getByText(/^Connected: 0x/);
  await expect(badge).toBeVisible();

  // The pointer still rests where the button was, now over the badge: that is not a request for its tooltip.
  // Waiting for the tooltip's own open delay to pass is the point of this test, not a timing threshold.
  await page.waitForTimeout(1_500);
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  await badge.hover({ position: { x: 10, y: 5 } });
  await expect(page.getByRole("tooltip")).toHaveText(wallet, { ignoreCase: true });

  await test.step("when a wallet connects, then the browser sends nothing to thirdweb's analytics or profile services", async () => {
    // thirdweb sends its event as the connection completes; once the page is idle it would have been sent.
    await page.waitForLoadState("networkidle");
    expect(tracked).toEqual([]);
  });
});

test("when the visitor moves between pages, then each page has its own title, after client navigation too", async ({
  page,
}) => {
  const titles: string[] = [];
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Subscribe & Earn Tokens" })).toBeVisible();
  titles.push(await page.title());
  for (const link of ["Terms of Service", "Privacy Policy", "Google API Usage"]) {
    await page.getByRole("contentinfo").getByRole("link", { name: link }).click();
    await expect(page.getByRole("heading", { level: 1, name: link })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${link} \\|`));
    titles.push(await page.title());
  }
  await openClaimWizard(page);
  titles.push(await page.title());

  expect(new Set(titles).size).toBe(titles.length);

  await test.step("when an unknown path is opened, then the server answers 404 with the app's not-found page", async () => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Home" })).toBeVisible();
  });
});

test.describe("on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("when a toast shows, then the site header and the step title stay uncovered", async ({ page, wallet }) => {
    await page.goto("/claim");
    const stepTitle = page.getByText("Step 1: Subscribe & Verify");
    await expect(stepTitle).toBeVisible();
    const toast = page.getByRole("status").filter({ hasText: "Wallet Connected" });
    await page.getByRole("button", { name: "Connect Wallet", exact: true }).click();
    await expect(toast).toBeVisible();
    // A toast under the pointer waits, so it is still there to be measured on a busy machine.
    await toast.hover();
    await expect(connectedLine(page, wallet)).toBeVisible();

    const toastBox = await toast.boundingBox();
    for (const uncovered of [page.getByRole("banner"), stepTitle]) {
      const box = await uncovered.boundingBox();
      expect(toastBox && box && overlaps(toastBox, box), `the toast over ${uncovered}`).toBe(false);
    }
  });
});

type Box = { x: number; y: number; width: number; height: number };
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test("when the visitor asks for reduced motion, then spinners and transitions hold still, and turn otherwise", async ({
  page,
}) => {
  await page.goto("/");
  const motionOf = () =>
    page.evaluate(() => {
      const spinner = Object.assign(document.createElement("span"), { className: "spinner" });
      document.body.append(spinner);
      const { animationName, transitionDuration } = getComputedStyle(spinner);
      spinner.remove();
      return { animationName, transitionDuration };
    });
  expect(await motionOf()).toEqual({ animationName: "none", transitionDuration: "0s" });
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect((await motionOf()).animationName).toBe("site-spin");
});
