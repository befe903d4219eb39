import { devices } from "@playwright/test";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { balanceOf } from "@tube/local-world/token-balance";
import { dropRelaySockets } from "@tube/local-world/wallet-connect/relay-control";
import { claimTokens, connectedLine, verifyButton, CLAIM_STEP } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";
import { readyToVerifyWithPhoneWallet, runBorder } from "./support/phone-wallet.ts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

/** The two ways a visitor without a browser wallet hands the pairing URI to a phone wallet. */
const JOURNEYS = [
  {
    via: "qr",
    visitor: "a desktop visitor pairs a phone wallet from the QR overlay's 'Copy URI'",
    device: {},
  },
  {
    via: "deep link",
    visitor:
      "a phone visitor with no wallet in the browser taps 'Connect Wallet' and the phone wallet pairs from the URI in the MetaMask deep link",
    device: {
      userAgent: devices["iPhone 13"].userAgent,
      isMobile: true,
      hasTouch: true,
      viewport: { width: 390, height: 844 },
    },
  },
] as const;

for (const { via, visitor, device } of JOURNEYS) {
  test.describe(() => {
    test.use(device);

    test(`when ${visitor}, then it verifies and claims 250 TuBE to that wallet`, async ({
      page,
      publicConfig,
      googleAccount,
      phoneWallet,
    }) => {
      await readyToVerifyWithPhoneWallet(page, googleAccount, phoneWallet, via);
      await expect(connectedLine(page, phoneWallet.address)).toBeVisible();

      await verifyButton(page).click();
      await expect(page.getByText(CLAIM_STEP)).toBeVisible();
      await claimTokens(page);
      expect(
        await balanceOf(publicConfig.rpcUrl, publicConfig.chainId, publicConfig.tokenAddress, phoneWallet.address),
      ).toBe(REWARD_AMOUNT_WEI);
    });
  });
}

test("when the relay drops every socket of the session as the claim starts, then the claim completes and the wallet's session lives on", async ({
  page,
  publicConfig,
  googleAccount,
  phoneWallet,
}) => {
  phoneWallet.behaviour.chains = [42161, 1];
  await readyToVerifyWithPhoneWallet(page, googleAccount, phoneWallet);
  await verifyButton(page).click();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();

  const [, dialog] = await Promise.all([
    dropRelaySockets(runBorder(), phoneWallet.session()?.topic),
    claimTokens(page),
  ]);
  expect(
    await balanceOf(publicConfig.rpcUrl, publicConfig.chainId, publicConfig.tokenAddress, phoneWallet.address),
  ).toBe(REWARD_AMOUNT_WEI);
  // Both ends reconnected: what the wallet says now still reaches the page.
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await phoneWallet.changeChain(1);
  await expect(page.getByRole("button", { name: "Switch to Arbitrum", exact: true })).toBeVisible();
});
