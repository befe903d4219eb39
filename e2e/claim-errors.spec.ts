import { expect, test, type Page } from "@playwright/test";
import { USERS } from "@tube/local-world/dev-accounts";
import { blockExternalRequests } from "./support/offline.ts";
import { injectTestWallet } from "./support/test-wallet.ts";

async function signInOnStandIn(page: Page, email: string) {
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Connect with Google" }).click();
  const popup = await popupOpened;
  await popup.getByRole("button", { name: new RegExp(email) }).click();
}

test.beforeEach(async ({ context, request }) => {
  const config = (await (await request.get("/api/config")).json()) as { rpcUrl: string };
  await blockExternalRequests(context);
  await injectTestWallet(context, { rpcUrl: config.rpcUrl, account: USERS[3].address });
});

test("when a viewer who is not subscribed verifies, then 'Not Subscribed' is shown and the wizard stays on Subscribe", async ({
  page,
}) => {
  await page.goto("/claim");
  await signInOnStandIn(page, "bob@example.com");
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  await page.getByLabel("Enter your YouTube username").fill("@bobbuilds");
  await page.getByRole("button", { name: "Connect Wallet" }).first().click();
  await expect(page.getByText(/Connected:/)).toBeVisible();

  await page.getByRole("button", { name: "Verify My Subscription" }).click();
  await expect(page.getByText("Not Subscribed", { exact: true })).toBeVisible();
  await expect(
    page.getByText("You don't appear to be subscribed to the channel. Please subscribe first.").first(),
  ).toBeVisible();
  await expect(page.getByText("Step 1: Subscribe & Verify")).toBeVisible();
});

test("when the username names another channel, then the message names the signed-in account's own channel", async ({
  page,
}) => {
  await page.goto("/claim");
  await signInOnStandIn(page, "alice@example.com");
  await page.getByLabel("Enter your YouTube username").fill("@somebodyelse");
  await page.getByRole("button", { name: "Connect Wallet" }).first().click();
  await expect(page.getByText(/Connected:/)).toBeVisible();
  await page.getByRole("button", { name: "Verify My Subscription" }).click();
  await expect(page.getByText(/@alicewatches/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Change Google Account" })).toBeVisible();
});

test("when Reset is pressed, then the Google session is cleared, the toast shown and the page reloads signed out", async ({
  page,
}) => {
  await page.goto("/claim");
  await signInOnStandIn(page, "alice@example.com");
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("googleAuthData"))).not.toBeNull();

  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(page.getByText("Logged out from Google")).toBeVisible();
  await reloaded;
  await expect(page.getByRole("button", { name: "Connect with Google" })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem("googleAuthData"), localStorage.getItem("userEmail")]),
  ).toEqual([null, null]);
});
