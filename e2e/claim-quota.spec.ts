/**
 * One viewer's claim from the Claim step to a second visit, each part a step of one journey: the wallet's changes on
 * the Claim step, the claim, the wallet leaving on Done, and the Google account coming back with another wallet. What
 * a claim costs in YouTube quota is counted by the Google stand-in itself: every YouTube call the server made with this
 * account's token, as Google would bill it (1 unit a call).
 */
import type { Page } from "@playwright/test";
import { CLAIM_STEP, claimTokens, connectedLine, reachClaimStep, verifySubscription } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";

type TestWallet = { disconnect(): void; changeChain(chainId: string): void };

/** A row of the Claim step's list, by its label (a toast may say "Wallet Connected" too). */
const row = (page: Page, label: string) => page.locator("dl").getByText(label, { exact: true }).locator("..");

test("when a viewer types their channel name, verifies, meets the wallet's changes on the Claim step, claims, and comes back with another wallet, then each is shown as it stands and the claim cost one unit of YouTube quota", async ({
  page,
  publicConfig,
  googleAccount,
  wallet,
  openAnotherWallet,
}) => {
  const unitsUrl = new URL("/__emulator/youtube-units", publicConfig.googleAuthUrl);
  unitsUrl.searchParams.set("account", googleAccount.email);
  // Node's fetch, which heeds the stand-in's keep-alive time-out: the two reads are seconds apart, and the test
  // runner's request client once reused a connection the stand-in had just closed (ECONNRESET).
  const unitsSpent = async () => ((await (await fetch(unitsUrl)).json()) as { units: number }).units;

  await test.step("when the wallet changes network or disconnects on the Claim step, then its rows say so at once and offer the fix", async () => {
    await page.goto("/claim");
    await reachClaimStep(page, googleAccount, wallet, googleAccount.channel.title);
    await expect(row(page, "Network")).toContainText("Arbitrum");

    await page.evaluate(() => (window as unknown as { testWallet: TestWallet }).testWallet.changeChain("0x1"));
    await expect(row(page, "Network")).toContainText("Wrong Network");
    await page.getByRole("button", { name: "Switch to Arbitrum Network" }).click();
    await expect(row(page, "Network")).toContainText("Arbitrum");
    await expect(row(page, "Network")).not.toContainText("Wrong Network");

    await page.evaluate(() => (window as unknown as { testWallet: TestWallet }).testWallet.disconnect());
    await expect(row(page, "Wallet Connected")).toContainText("Not connected");
    const connect = page.getByRole("button", { name: "Connect Wallet to Claim Tokens" });
    await expect(connect).toBeVisible();
    // The fix it offers: the wallet is back, and the claim goes on.
    await connect.click();
    await expect(connectedLine(page, wallet)).toBeVisible();
    await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  });

  const dialog =
    await test.step("when a viewer types their channel name, verifies and claims, then YouTube is asked once (1 unit)", async () => {
      const dialog = await claimTokens(page);
      expect(await unitsSpent()).toBe(1);
      return dialog;
    });

  await test.step("when the wallet disconnects on Done, then the address that received the tokens is still shown", async () => {
    await expect(dialog).toContainText(wallet, { ignoreCase: true });
    await dialog.getByRole("button", { name: "Close" }).first().click();
    // Its exit animation keeps the address in the page a while: on a slow machine, long enough to be found twice.
    await expect(dialog).toBeHidden();

    await page.evaluate(() => (window as unknown as { testWallet: TestWallet }).testWallet.disconnect());
    await expect(page.getByText(/Connected:/)).toBeHidden();
    await expect(page.getByText("Tokens Claimed Successfully!")).toBeVisible();
    await expect(page.getByText(new RegExp(wallet, "i"))).toBeVisible();
  });

  await test.step("when a Google account that already claimed verifies again with a second wallet, then Verify says the Google account claimed, with its claim's state, without asking YouTube (0 units)", async () => {
    const second = await openAnotherWallet();
    await second.page.goto("/claim");
    await verifySubscription(second.page, googleAccount, second.wallet, googleAccount.channel.title);

    // Verify itself tells the account it already claimed, from the store, without asking YouTube.
    await expect(second.page.getByText("Already Claimed", { exact: true })).toBeVisible();
    await expect(
      second.page
        .getByText(
          new RegExp(
            `This Google account has already claimed tokens with another wallet\\. Its claim of .+ to ${wallet.slice(0, 6)}\\.\\.\\.${wallet.slice(-4)} is complete\\.`,
            "i",
          ),
        )
        .first(),
    ).toBeVisible();
    await expect(second.page.getByText("Step 1: Subscribe & Verify")).toBeVisible();
    await expect(second.page.getByText("This wallet address has already claimed tokens.")).toHaveCount(0);
    expect(await unitsSpent()).toBe(1);
  });
});
