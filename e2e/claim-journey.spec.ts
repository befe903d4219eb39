import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { USERS } from "@tube/local-world/dev-accounts";
import { balanceOf } from "@tube/local-world/token-balance";
import { blockExternalRequests } from "./support/offline.ts";
import { injectTestWallet } from "./support/test-wallet.ts";
import { watchWalletCode } from "./support/wallet-code.ts";

interface PublicConfig {
  rpcUrl: string;
  chainId: number;
  tokenAddress: string;
}

const JOURNEYS = [
  {
    viewport: { width: 1280, height: 800 },
    label: "desktop",
    google: "alice@example.com",
    username: "@alicewatches",
    wallet: USERS[0],
  },
  {
    viewport: { width: 390, height: 844 },
    label: "mobile",
    google: "heidi@example.com",
    username: "Heidi Subscribes",
    wallet: USERS[1],
  },
];

/** The closed network's browser with the test wallet injected for `account`; returns the public config. */
async function offlineWithWallet(context: BrowserContext, request: APIRequestContext, account: string) {
  const config = (await (await request.get("/api/config")).json()) as PublicConfig;
  await blockExternalRequests(context);
  await injectTestWallet(context, { rpcUrl: config.rpcUrl, account });
  return config;
}

async function snapshot(page: Page, label: string, step: string) {
  await page.screenshot({
    path: test.info().outputPath(`${label}-${step}.png`),
    fullPage: true,
    animations: "disabled",
  });
}

for (const journey of JOURNEYS) {
  test.describe(`claim journey on ${journey.label} (${journey.viewport.width}×${journey.viewport.height})`, () => {
    test.use({ viewport: journey.viewport });

    test("when a subscribed viewer goes from the landing page through Google and MetaMask to the claim, then the wallet holds 250 TuBE", async ({
      page,
      context,
      request,
    }) => {
      const config = await offlineWithWallet(context, request, journey.wallet.address);

      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Subscribe & Earn Tokens" })).toBeVisible();
      await snapshot(page, journey.label, "0-landing");
      await page.getByRole("link", { name: "Start Claiming Tokens" }).click();
      await expect(page.getByText("Step 1: Subscribe & Verify")).toBeVisible();
      await snapshot(page, journey.label, "1-subscribe");

      const popupOpened = page.waitForEvent("popup");
      await page.getByRole("button", { name: "Connect with Google" }).click();
      const popup = await popupOpened;
      await expect(popup.getByRole("heading", { name: "Choose an account" })).toBeVisible();
      await popup.getByRole("button", { name: new RegExp(journey.google) }).click();
      await expect(page.getByText("Google Authorization Complete!")).toBeVisible();

      await page.getByLabel("Enter your YouTube username").fill(journey.username);
      await page.getByRole("button", { name: "Connect Wallet" }).first().click();
      await expect(page.getByText(/Connected:/)).toBeVisible();
      await expect(page.getByText("Wallet Connected", { exact: true }).first()).toBeVisible();
      await snapshot(page, journey.label, "2-ready-to-verify");

      await page.getByRole("button", { name: "Verify My Subscription" }).click();
      await expect(page.getByText("Step 3: Claim Your Tokens")).toBeVisible();

      // Back to the Connect step and on again, as a visitor checking their wallet would.
      await page.getByRole("button", { name: "Back" }).click();
      await expect(page.getByText("Step 2: Connect Your Wallet")).toBeVisible();
      await snapshot(page, journey.label, "3-connect");

      // Disconnect, then reconnect through thirdweb's own wallet picker (ConnectButton).
      await page.getByRole("button", { name: "Disconnect Wallet" }).click();
      await expect(page.getByText("Your wallet has been disconnected.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
      await page.getByRole("button", { name: "More wallet options" }).click();
      await page.getByRole("button", { name: "MetaMask" }).first().click();
      // Spec §4: connecting on the right network moves the Connect step on by itself.
      await expect(page.getByText("Step 3: Claim Your Tokens")).toBeVisible();
      await expect(page.getByText(/Connected:/)).toBeVisible();
      await snapshot(page, journey.label, "4-mint");

      await page.getByRole("button", { name: "Claim 250 Tokens" }).click();
      const dialog = page.getByRole("dialog", { name: "Transaction Successful" });
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      const hash =
        (
          await dialog
            .getByText(/^0x[0-9a-fA-F]{64}$/)
            .first()
            .textContent()
        )?.trim() ?? "";
      expect(hash).toMatch(/^0x[0-9a-fA-F]{64}$/);
      await snapshot(page, journey.label, "5-success-dialog");

      await dialog.getByRole("button", { name: "Close" }).first().click();
      await expect(page.getByText("Tokens Claimed Successfully!")).toBeVisible();
      await expect(page.getByRole("link", { name: /explorer|View/i }).first()).toHaveAttribute(
        "href",
        new RegExp(`/tx/${hash}$`),
      );
      await snapshot(page, journey.label, "6-done");

      expect(await balanceOf(config.rpcUrl, config.chainId, config.tokenAddress, journey.wallet.address)).toBe(
        REWARD_AMOUNT_WEI,
      );
    });
  });
}

test("when /claim opens with no wallet to restore, then no wallet code downloads until a wallet button is pressed, which then connects", async ({
  page,
  context,
  request,
}) => {
  await offlineWithWallet(context, request, USERS[3].address);
  const walletCode = watchWalletCode(page);

  await page.goto("/claim");
  await expect(page.getByText("Step 1: Subscribe & Verify")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await walletCode.loaded()).toBe(false);

  // One press both loads the wallet module and connects: the visitor does not press twice.
  await page.getByRole("button", { name: "Connect Wallet to Claim Tokens" }).click();
  await expect(page.getByText(/Connected:/)).toBeVisible();
  expect(await walletCode.loaded()).toBe(true);
});
