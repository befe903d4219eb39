import { connectWallet } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";

test("when a wallet connects from the header's button, then no tooltip opens until the visitor points at or focuses the badge", async ({
  page,
  wallet,
}) => {
  await page.goto("/claim");
  await expect(page.getByText("Step 1: Subscribe & Verify")).toBeVisible();
  await page.getByRole("button", { name: "Connect Wallet", exact: true }).click();
  const badge = page.getByText(/^Connected: 0x/);
  await expect(badge).toBeVisible();

  // The pointer still rests where the button was, now over the badge: that is not a request for its tooltip.
  // Waiting for the tooltip's own open delay to pass is the point of this test, not a timing threshold.
  await page.waitForTimeout(1_500);
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  await badge.hover({ position: { x: 10, y: 5 } });
  await expect(page.getByRole("tooltip")).toHaveText(wallet, { ignoreCase: true });
});
