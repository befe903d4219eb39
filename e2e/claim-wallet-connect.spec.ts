import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { balanceOf } from "@tube/local-world/token-balance";
import { claimTokens, connectedLine, signInWithGoogle, verifyButton, CLAIM_STEP } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";
import { copyPairingUri } from "./support/phone-wallet.ts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("when a desktop visitor pairs a phone wallet from the QR overlay's 'Copy URI', then it verifies and claims 250 TuBE to that wallet", async ({
  page,
  publicConfig,
  googleAccount,
  phoneWallet,
}) => {
  await page.goto("/claim");
  await signInWithGoogle(page, googleAccount);
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  await page.getByLabel("Enter your YouTube username").fill(googleAccount.channel.handle);

  await page.getByRole("button", { name: "Connect Wallet" }).first().click();
  await phoneWallet.pair(await copyPairingUri(page));
  await expect(connectedLine(page, phoneWallet.address)).toBeVisible();

  await verifyButton(page).click();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  await claimTokens(page);
  expect(
    await balanceOf(publicConfig.rpcUrl, publicConfig.chainId, publicConfig.tokenAddress, phoneWallet.address),
  ).toBe(REWARD_AMOUNT_WEI);
});
