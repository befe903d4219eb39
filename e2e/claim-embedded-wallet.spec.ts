import { REWARD_AMOUNT_WEI, REWARD_TOKENS } from "@tube/common/constants";
import { balanceOf } from "@tube/local-world/test/chain-reads";
import { claimTokens, signInWithGoogle } from "./support/claim-wizard.ts";
import { connectedAddress, expectCleanAddress, signInWithEmbeddedWallet } from "./support/embedded-wallet.ts";
import { expect, test } from "./support/fixtures.ts";

test(`when a fresh Google account signs in with the embedded wallet through the redirect, then it claims ${REWARD_TOKENS} TuBE to that wallet, and the same account later gets the same wallet and is told it already claimed`, async ({
  page,
  browser,
  publicConfig,
  googleAccount,
}) => {
  await page.goto("/claim");
  await signInWithGoogle(page, googleAccount);
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  await page.getByLabel("Enter your YouTube username").fill(googleAccount.channel.handle);

  await signInWithEmbeddedWallet(page, googleAccount);
  // Back from the redirect with the wizard as it was left: Google authorized, the username typed.
  const address = await connectedAddress(page);
  await expectCleanAddress(page);
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  await expect(page.getByLabel("Enter your YouTube username")).toHaveValue(googleAccount.channel.handle);

  await page.getByRole("button", { name: "Verify My Subscription" }).click();
  await expect(page.getByText("Step 3: Claim Your Tokens")).toBeVisible();
  await claimTokens(page);
  // The embedded wallet has no token list to add TuBE to: the page reads its balance instead.
  await expect(page.getByText(`The connected wallet holds ${REWARD_TOKENS} TuBE.`)).toBeVisible();
  expect(await balanceOf(publicConfig.rpcUrl, publicConfig.chainId, publicConfig.tokenAddress, address)).toBe(
    REWARD_AMOUNT_WEI,
  );

  // Another visit: a browser that remembers nothing.
  const later = await browser.newContext();
  const again = await later.newPage();
  await again.goto("/claim");
  await signInWithGoogle(again, googleAccount);
  await again.getByLabel("Enter your YouTube username").fill(googleAccount.channel.handle);
  await signInWithEmbeddedWallet(again, googleAccount);
  expect(await connectedAddress(again)).toBe(address);
  await again.getByRole("button", { name: "Verify My Subscription" }).click();
  await expect(again.getByText("Already Claimed", { exact: true })).toBeVisible();
  await later.close();
});
