import { REWARD_AMOUNT_WEI, REWARD_TOKENS } from "@tube/common/constants";
import { balanceOf } from "@tube/local-world/test/chain-reads";
import { claimTokens, connectedLine, connectWallet, signInWithGoogle } from "./support/claim-wizard.ts";
import type { FreshAccount } from "@tube/local-world/google-emulator/create-account";
import { expect, test } from "./support/fixtures.ts";
import { VIEWPORTS, screenshot } from "./support/screenshots.ts";

/** The desktop visitor types the channel's @handle, the mobile one its title: the wizard takes either. */
const JOURNEYS = [
  { ...VIEWPORTS[0], username: (account: FreshAccount) => account.channel.handle },
  { ...VIEWPORTS[1], username: (account: FreshAccount) => account.channel.title },
];

for (const journey of JOURNEYS) {
  test.describe(`claim journey on ${journey.label} (${journey.width}×${journey.height})`, () => {
    test.use({ viewport: { width: journey.width, height: journey.height } });

    test(`when a subscribed viewer goes from the landing page through Google and MetaMask to the claim, then the wallet holds ${REWARD_TOKENS} TuBE`, async ({
      page,
      publicConfig,
      googleAccount,
      wallet,
    }) => {
      const snapshot = (step: string) => screenshot(page, `${journey.label}-${step}`);

      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Subscribe & Earn Tokens" })).toBeVisible();
      await snapshot("0-landing");
      await page.getByRole("link", { name: "Start Claiming Tokens" }).click();
      await expect(page.getByText("Step 1: Subscribe & Verify")).toBeVisible();
      await snapshot("1-subscribe");

      await signInWithGoogle(page, googleAccount);
      await expect(page.getByText("Google Authorization Complete!")).toBeVisible();

      await page.getByLabel("Enter your YouTube username").fill(journey.username(googleAccount));
      await connectWallet(page, wallet);
      await expect(page.getByText("Wallet Connected", { exact: true }).first()).toBeVisible();
      await snapshot("2-ready-to-verify");

      await page.getByRole("button", { name: "Verify My Subscription" }).click();
      await expect(page.getByText("Step 3: Claim Your Tokens")).toBeVisible();

      // Back to the Connect step and on again, as a visitor checking their wallet would.
      await page.getByRole("button", { name: "Back" }).click();
      await expect(page.getByText("Step 2: Connect Your Wallet")).toBeVisible();
      await snapshot("3-connect");

      // Disconnect, then reconnect through thirdweb's own wallet picker (ConnectButton).
      await page.getByRole("button", { name: "Disconnect Wallet" }).click();
      await expect(page.getByText("Your wallet has been disconnected.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
      await expect(page.getByRole("button", { name: "More wallet options" })).toBeVisible();
      await snapshot("3-wallet-options");
      await page.getByRole("button", { name: "More wallet options" }).click();
      // The local world sets no WalletConnect project id: the picker offers WalletConnect all the same.
      await expect(page.getByRole("button", { name: "WalletConnect" }).first()).toBeVisible();
      await page.getByRole("button", { name: "MetaMask" }).first().click();
      // A wallet connected on the right network needs nothing more from the Connect step, so it moves on by itself.
      await expect(page.getByText("Step 3: Claim Your Tokens")).toBeVisible();
      await expect(connectedLine(page, wallet)).toBeVisible();
      await snapshot("4-mint");

      const dialog = await claimTokens(page);
      const hash =
        (
          await dialog
            .getByText(/^0x[0-9a-fA-F]{64}$/)
            .first()
            .textContent()
        )?.trim() ?? "";
      expect(hash).toMatch(/^0x[0-9a-fA-F]{64}$/);
      await snapshot("5-success-dialog");

      await dialog.getByRole("button", { name: "Close" }).first().click();
      await expect(page.getByText("Tokens Claimed Successfully!")).toBeVisible();
      await expect(page.getByRole("link", { name: /explorer|View/i }).first()).toHaveAttribute(
        "href",
        new RegExp(`/tx/${hash}$`),
      );
      await snapshot("6-done");

      // MetaMask shows no TuBE until it lists the token: the page asks it to (EIP-747).
      await page.getByRole("button", { name: "Add TuBE to your wallet" }).click();
      await expect(page.getByText("TuBE is now in your wallet's token list.")).toBeVisible();
      const watched = await page.evaluate(
        () => (window as unknown as { testWallet: { watchedAssets: unknown[] } }).testWallet.watchedAssets,
      );
      expect(watched).toEqual([
        {
          type: "ERC20",
          options: expect.objectContaining({ address: publicConfig.tokenAddress, symbol: "TuBE", decimals: 18 }),
        },
      ]);

      expect(await balanceOf(publicConfig.rpcUrl, publicConfig.chainId, publicConfig.tokenAddress, wallet)).toBe(
        REWARD_AMOUNT_WEI,
      );

      // Start Over says what it keeps, and keeps it: back on Step 1, Google and the wallet are still connected.
      const startOver = page.getByRole("button", { name: "Start Over" });
      await expect(startOver).toHaveAccessibleDescription(/Your wallet and Google account stay connected/);
      await startOver.click();
      await expect(page.getByText("Step 1: Subscribe & Verify")).toBeVisible();
      await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
      await expect(connectedLine(page, wallet)).toBeVisible();
    });
  });
}
