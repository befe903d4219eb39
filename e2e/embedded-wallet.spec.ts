import { expect, test } from "./support/fixtures.ts";

test("when thirdweb's servers cannot be reached, then 'Sign in with Google' fails with the spec's text in red and the page stays usable", async ({
  page,
}) => {
  await page.goto("/claim");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to login with Google", { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeEnabled();
});

test("when the redirect login comes back with its session credential in the address, then once the SDK has read it no address, history entry or referrer keeps it", async ({
  page,
  request,
}) => {
  const { ecosystemId } = (await (await request.get("/api/config")).json()) as { ecosystemId: string };
  const credential = "fake-session-credential-0123456789";
  await page.goto("/");

  const response = await page.goto(`/claim?walletId=${ecosystemId}&authCookie=${credential}&authProvider=google`);

  // The page's own requests (and thirdweb's, while the credential is still in the address) send no Referer.
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  // Only the SDK's redirect-login reader takes the credential out of the address.
  await expect(page).toHaveURL(/\/claim$/, { timeout: 30_000 });
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});
