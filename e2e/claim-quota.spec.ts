import { claimTokens, reachClaimStep, verifySubscription } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";

/**
 * What a claim costs in YouTube quota, counted by the Google stand-in itself: every YouTube call the server made with
 * this account's token, as Google would bill it (1 unit a call).
 */
test("when a viewer types their channel name, verifies and claims, then YouTube is asked once (1 unit), and their account coming back with another wallet is told at Verify, for 0", async ({
  page,
  publicConfig,
  request,
  googleAccount,
  wallet,
  openAnotherWallet,
}) => {
  const googleUrl = new URL(publicConfig.googleAuthUrl).origin;
  const unitsSpent = async () =>
    (
      (await (
        await request.get(`${googleUrl}/__emulator/youtube-units`, { params: { account: googleAccount.email } })
      ).json()) as { units: number }
    ).units;

  await page.goto("/claim");
  await reachClaimStep(page, googleAccount, wallet, googleAccount.channel.title);
  await claimTokens(page);
  expect(await unitsSpent()).toBe(1);

  const second = await openAnotherWallet();
  await second.page.goto("/claim");
  await verifySubscription(second.page, googleAccount, second.wallet, googleAccount.channel.title);
  // Verify itself tells the account it already claimed, from the store, without asking YouTube.
  await expect(second.page.getByText("Already Claimed", { exact: true })).toBeVisible();
  expect(await unitsSpent()).toBe(1);
});
