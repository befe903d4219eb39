import { signInWithGoogle } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";

/** The product's stance (ADR 20): a Brand Account's channel is refused unless the operator allows Brand Accounts. */
const BRAND_ACCOUNT_REFUSED =
  "This YouTube channel belongs to a Brand Account. Please sign in with your personal Google account instead.";

test("when a viewer picks their Brand Account's channel on Google's channel picker, then the sign-in is refused with the Brand Account message", async ({
  page,
  createGoogleAccount,
}) => {
  const person = await createGoogleAccount({ brandChannels: 1 });
  const brand = person.brandAccounts[0]!;
  await page.goto("/claim");

  const popup = await signInWithGoogle(page, person);
  await expect(popup.getByRole("heading", { name: "Choose a channel" })).toBeVisible();
  await popup.getByRole("button", { name: brand.channel.title }).click();

  await expect(page.getByText("Authentication Failed")).toBeVisible();
  await expect(page.getByText(BRAND_ACCOUNT_REFUSED).first()).toBeVisible();
  await expect(page.getByText("Google Authorization Complete!")).toBeHidden();
  await expect(page.getByRole("button", { name: "Connect with Google" })).toBeVisible();

  await test.step("when the same viewer picks their personal channel instead, then the sign-in completes", async () => {
    const again = await signInWithGoogle(page, person);
    await again.getByRole("button", { name: person.email }).click();

    await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  });
});
