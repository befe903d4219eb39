import { devices } from "@playwright/test";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { balanceOf } from "@tube/local-world/token-balance";
import { claimTokens, connectedLine, signInWithGoogle, verifyButton, CLAIM_STEP } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";
import { deepLinkPairingUri } from "./support/phone-wallet.ts";

const phone = devices["iPhone 13"];
test.use({ userAgent: phone.userAgent, isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });

test("when a phone visitor with no wallet in the browser taps 'Connect Wallet', then the MetaMask deep link carries the pairing URI, and the paired wallet verifies and claims 250 TuBE", async ({
  page,
  publicConfig,
  googleAccount,
  phoneWallet,
}) => {
  await page.goto("/claim");
  await signInWithGoogle(page, googleAccount);
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  await page.getByLabel("Enter your YouTube username").fill(googleAccount.channel.handle);

  const uri = await deepLinkPairingUri(page, () =>
    page.getByRole("button", { name: "Connect Wallet" }).first().click(),
  );
  await phoneWallet.pair(uri);
  await expect(connectedLine(page, phoneWallet.address)).toBeVisible();

  await verifyButton(page).click();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  await claimTokens(page);
  expect(
    await balanceOf(publicConfig.rpcUrl, publicConfig.chainId, publicConfig.tokenAddress, phoneWallet.address),
  ).toBe(REWARD_AMOUNT_WEI);
});
