import { expect, test } from "./support/fixtures.ts";

test("when thirdweb's servers cannot be reached, then 'Sign in with Google' fails with the spec's text in red and the page stays usable", async ({
  page,
}) => {
  await page.goto("/claim");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to login with Google", { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeEnabled();
});
