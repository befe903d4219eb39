import { axeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";

/** What Instagram's in-app browser on an iPhone sends: iOS WebKit without Safari's token, then the app's own. */
const INSTAGRAM_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 329.0.0.29.120 (iPhone15,3; iOS 17_4; en_US; en; scale=3.00; 1290x2796; 599467431)";
const HINT_TITLE = "Google sign-in is blocked in this app's browser";

test.describe("in Instagram's iOS browser", () => {
  test.use({ userAgent: INSTAGRAM_IOS, viewport: { width: 390, height: 844 } });

  test("when the claim page opens, then it says how to open it in Safari before any Google button is pressed", async ({
    page,
  }) => {
    await page.goto("/claim");

    const hint = page.getByRole("status", { name: HINT_TITLE });
    await expect(hint).toBeVisible();
    await expect(hint).toContainText("open this page in Safari");
    await expect(hint.getByRole("link", { name: "Open this page in Safari" })).toHaveAttribute(
      "href",
      /^x-safari-http:\/\/.+\/claim$/,
    );
    await expect(hint.getByRole("button", { name: "Copy link" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Connect with Google" })).toBeEnabled();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test("when the claim page opens in an ordinary browser, then no in-app browser hint is shown", async ({ page }) => {
  await page.goto("/claim");

  await expect(page.getByRole("button", { name: "Connect with Google" })).toBeVisible();
  await expect(page.getByRole("status", { name: HINT_TITLE })).toHaveCount(0);
});
