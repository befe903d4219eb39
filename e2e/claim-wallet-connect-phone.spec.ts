import { devices } from "@playwright/test";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { balanceOf } from "@tube/local-world/token-balance";
import { claimTokens, connectedLine, verifyButton, CLAIM_STEP } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";
import { readyToVerifyWithPhoneWallet } from "./support/phone-wallet.ts";

const phone = devices["iPhone 13"];
test.use({ userAgent: phone.userAgent, isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });

test("when a phone visitor with no wallet in the browser taps 'Connect Wallet', then the MetaMask deep link carries the pairing URI, and the paired wallet verifies and claims 250 TuBE", async ({
  page,
  publicConfig,
  googleAccount,
  phoneWallet,
}) => {
  await readyToVerifyWithPhoneWallet(page, googleAccount, phoneWallet, "deep link");
  await expect(connectedLine(page, phoneWallet.address)).toBeVisible();

  await verifyButton(page).click();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  await claimTokens(page);
  expect(
    await balanceOf(publicConfig.rpcUrl, publicConfig.chainId, publicConfig.tokenAddress, phoneWallet.address),
  ).toBe(REWARD_AMOUNT_WEI);
});
