import { connectWallet, openClaimWizardSignedIn } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";

test("when a viewer who is not subscribed verifies, then 'Not Subscribed' is shown and the wizard stays on Subscribe", async ({
  page,
  createGoogleAccount,
  wallet,
}) => {
  const notSubscribed = await createGoogleAccount({ subscribed: false });
  await openClaimWizardSignedIn(page, notSubscribed);
  await page.getByLabel("Enter your YouTube username").fill(notSubscribed.channel.handle);
  await connectWallet(page, wallet);

  await page.getByRole("button", { name: "Verify My Subscription" }).click();
  await expect(page.getByText("Not Subscribed", { exact: true })).toBeVisible();
  await expect(
    page.getByText("You don't appear to be subscribed to the channel. Please subscribe first.").first(),
  ).toBeVisible();
  await expect(page.getByText("Step 1: Subscribe & Verify")).toBeVisible();

  // Nothing on the page names the account's channel until Verify answers the other name.
  await test.step("when a viewer who is not subscribed typed another channel's name, then the message names the signed-in account's own channel", async () => {
    await page.getByLabel("Enter your YouTube username").fill("@somebodyelse");
    await page.getByRole("button", { name: "Verify My Subscription" }).click();
    await expect(page.getByText(notSubscribed.channel.handle).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Change Google Account" })).toBeVisible();
  });
});

test("when a viewer signs in with Google, then the token lives in that tab alone: not in localStorage, kept by a reload mid-wizard, and a new tab is signed out", async ({
  page,
  googleAccount,
}) => {
  const storedSession = () =>
    page.evaluate(() => ({
      tab: sessionStorage.getItem("googleAuthData"),
      kept: [localStorage.getItem("googleAuthData"), localStorage.getItem("userEmail")],
    }));
  await openClaimWizardSignedIn(page, googleAccount);
  const signedIn = await storedSession();
  expect(JSON.parse(signedIn.tab ?? "{}")).toMatchObject({ email: googleAccount.email });
  expect(signedIn.kept).toEqual([null, null]);

  await page.getByLabel("Enter your YouTube username").fill(googleAccount.channel.handle);
  await page.reload();
  await expect(page.getByText("Step 1: Subscribe & Verify")).toBeVisible();
  await expect(page.getByLabel("Enter your YouTube username")).toHaveValue(googleAccount.channel.handle);
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  expect(await storedSession()).toEqual(signedIn);

  const otherTab = await page.context().newPage();
  await otherTab.goto("/claim");
  await expect(otherTab.getByRole("button", { name: "Connect with Google" })).toBeVisible();
  expect(await otherTab.evaluate(() => sessionStorage.getItem("googleAuthData"))).toBeNull();
  await otherTab.close();

  await test.step("when Reset is pressed, then it is busy within one frame, whatever the revoke does, and the page reloads", async () => {
    // Google never answers the revoke: Reset must not wait for it.
    await page.route("**/api/auth/revoke", () => undefined);

    const reloaded = page.waitForEvent("load");
    const busyNextFrame = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const reset = [...document.querySelectorAll("button")].find(
            (button) => button.textContent?.trim() === "Reset",
          );
          reset?.click();
          requestAnimationFrame(() => resolve(Boolean(reset?.disabled)));
        }),
    );
    expect(busyNextFrame).toBe(true);
    await expect(page.getByText("Logged out from Google")).toBeVisible();
    await reloaded;
    await expect(page.getByRole("button", { name: "Connect with Google" })).toBeVisible();
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});

test("when an older version left a Google session in localStorage, then the next page load removes it and the wizard is signed out", async ({
  page,
}) => {
  await page.goto("/");
  await page.evaluate(() => {
    const leftover = {
      email: "viewer@example.com",
      accessToken: "ya29.left-behind",
      expiresAt: Date.now() + 3_600_000,
    };
    localStorage.setItem("googleAuthData", JSON.stringify(leftover));
    localStorage.setItem("userEmail", leftover.email);
  });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Subscribe & Earn Tokens" })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => [localStorage.getItem("googleAuthData"), localStorage.getItem("userEmail")]))
    .toEqual([null, null]);

  await page.goto("/claim");
  await expect(page.getByRole("button", { name: "Connect with Google" })).toBeVisible();
});
