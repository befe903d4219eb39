import { devices } from "@playwright/test";
import { REWARD_AMOUNT_WEI, REWARD_TOKENS, TOKEN_DECIMALS, TOKEN_SYMBOL } from "@tube/common/constants";
import { balanceOf } from "@tube/local-world/test/chain-reads";
import { dropRelaySockets } from "@tube/local-world/test/stand-in-controls";
import { domainVerified, THIRDWEB_DEFAULT_PROJECT_ID } from "@tube/local-world/wallet-connect/reown-dashboard";
import { claimTokens, connectedLine, verifyButton, CLAIM_STEP } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";
import { readyToVerifyWithPhoneWallet, runBorder, setOwnRelayFault } from "./support/phone-wallet.ts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

/** How long a dapp waits for Verify's attestation before proposing without one (`@walletconnect/core` `verify.ts`). */
const VERIFY_WAIT_MS = 5_000;

/**
 * The two ways a visitor without a browser wallet hands the pairing URI to a phone wallet. The desktop claim also
 * meets a Verify its page cannot reach (the SDK proposes without an attestation after 5 s, which the page's clock
 * skips) and a relay that drops the session's sockets as the claim starts.
 */
const JOURNEYS = [
  {
    via: "qr",
    visitor:
      "a desktop visitor's page cannot reach Verify, a phone wallet pairs from the QR overlay's 'Copy URI', and the relay drops the session's sockets as the claim starts",
    device: {},
    dropsSockets: true,
    verifyUnreachable: true,
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
    dropsSockets: false,
    verifyUnreachable: false,
  },
] as const;

for (const { via, visitor, device, dropsSockets, verifyUnreachable } of JOURNEYS) {
  test.describe(() => {
    test.use(device);

    test(`when ${visitor}, then it verifies, claims ${REWARD_TOKENS} TuBE to that wallet and lists TuBE in it`, async ({
      page,
      context,
      request,
      publicConfig,
      googleAccount,
      phoneWallet,
    }) => {
      phoneWallet.behaviour.chains = [42161, 1];
      if (verifyUnreachable) {
        await setOwnRelayFault(context, { mode: "verifyUnreachable", count: 100 });
        await page.clock.install();
      }
      const skipVerifyWait = verifyUnreachable ? () => page.clock.fastForward(VERIFY_WAIT_MS) : undefined;
      await readyToVerifyWithPhoneWallet(page, googleAccount, phoneWallet, via, skipVerifyWait);
      await expect(connectedLine(page, phoneWallet.address)).toBeVisible();
      // Verify vouches only for a domain the page's project verified: none on thirdweb's default project.
      const { walletConnectProjectId } = (await (await request.get("/api/config")).json()) as Record<string, string>;
      const verified = domainVerified(
        walletConnectProjectId || THIRDWEB_DEFAULT_PROJECT_ID,
        new URL(page.url()).origin,
      );
      expect(phoneWallet.verifications).toEqual([!verifyUnreachable && verified ? "VALID" : "UNKNOWN"]);

      await verifyButton(page).click();
      await expect(page.getByText(CLAIM_STEP)).toBeVisible();
      const drop = dropsSockets ? dropRelaySockets(runBorder(), phoneWallet.session()?.topic) : undefined;
      const [, dialog] = await Promise.all([drop, claimTokens(page)]);
      expect(
        await balanceOf(publicConfig.rpcUrl, publicConfig.chainId, publicConfig.tokenAddress, phoneWallet.address),
      ).toBe(REWARD_AMOUNT_WEI);

      // The session outlived the claim (and the drop: both ends reconnected): the page's word reaches the wallet...
      await dialog.getByRole("button", { name: "Close", exact: true }).click();
      await page.getByRole("button", { name: `Add ${TOKEN_SYMBOL} to your wallet` }).click();
      await expect(page.getByText(`${TOKEN_SYMBOL} is now in your wallet's token list.`)).toBeVisible();
      // The wallet lists a token only with the symbol and decimals its contract reports.
      expect(phoneWallet.watchedAssets).toEqual([
        { address: publicConfig.tokenAddress, symbol: TOKEN_SYMBOL, decimals: TOKEN_DECIMALS },
      ]);
      // ...and the wallet's word still reaches the page.
      await phoneWallet.changeChain(1);
      await expect(page.getByRole("button", { name: "Switch to Arbitrum", exact: true })).toBeVisible();
    });
  });
}
