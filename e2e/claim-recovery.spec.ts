/**
 * Every visitor who starts a claim can finish it, or is told exactly what to do next: in real Chromium against
 * `npm start`'s local world. Each test makes its own Google accounts and wallets, so each stands alone.
 */
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { ERROR_CATALOGUE } from "@tube/common/errors";
import { readRunningWorld } from "@tube/local-world/running-world";
import { balanceOf } from "@tube/local-world/test/chain-reads";
import {
  CLAIM_STEP,
  claimButton,
  connectedLine,
  connectWallet,
  reachClaimStep,
  resetAndWaitForReload,
  signInWithGoogle,
} from "./support/claim-wizard.ts";
import type { FreshAccount } from "@tube/local-world/google-emulator/create-account";
import { expect, test, type PublicConfig } from "./support/fixtures.ts";
import { screenshotAtBothSizes } from "./support/screenshots.ts";
import type { Page } from "@playwright/test";

async function savedProgress(page: Page): Promise<{ step: number; youtubeUsername: string } | null> {
  return page.evaluate(
    () =>
      JSON.parse(sessionStorage.getItem("claimWizardProgress") ?? "null") as {
        step: number;
        youtubeUsername: string;
      } | null,
  );
}

/** Sets an Engine fault aimed at `wallet`, so the claims other tests make meanwhile go through. */
async function engineFault(fault: { mode: string; count: number; wallet: string }) {
  const set = await fetch(`${readRunningWorld(process.env.E2E_DATA_DIR as string)?.engineUrl}/__emulator/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(fault),
  });
  expect(set.ok).toBe(true);
}

/** `account` claims on the open page while Engine fails every automatic attempt: the claim is left failed. */
async function leaveClaimFailed(page: Page, account: FreshAccount, wallet: string) {
  // Every automatic attempt (MINT_MAX_ATTEMPTS, 3) ends FAILED at Engine.
  await engineFault({ mode: "failed", count: 3, wallet });
  await page.goto("/claim");
  await reachClaimStep(page, account, wallet);
  await claimButton(page).click();
  await expect(page.getByText("Minting Failed", { exact: true })).toBeVisible({ timeout: 30_000 });
}

const balance = (config: PublicConfig, wallet: string) =>
  balanceOf(config.rpcUrl, config.chainId, config.tokenAddress, wallet);

test("when Engine fails every attempt of the mint, then the Claim step says the claim is on hold and why, also after a reload, and offers no retry that could only fail", async ({
  page,
  publicConfig,
  googleAccount,
  createGoogleAccount,
  wallet,
}) => {
  await leaveClaimFailed(page, googleAccount, wallet);
  await expect(page.getByText("This claim is on hold", { exact: true })).toBeVisible();
  await expect(claimButton(page)).toBeDisabled();
  await page.reload();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  await expect(page.getByText("This claim is on hold", { exact: true })).toBeVisible();
  await expect(page.getByText(ERROR_CATALOGUE.MINT_ATTEMPTS_EXHAUSTED.message).first()).toBeVisible();
  // Engine failed each attempt before sending it: the step says so rather than an unknown reason.
  await expect(page.getByText(/our minting service could not send it to the network\./).first()).toBeVisible();
  await screenshotAtBothSizes(page, "claim-on-hold");
  await expect(page.getByRole("button", { name: "Retry claim" })).toHaveCount(0);

  // The claim on hold is what the next visitor of this wallet meets: it takes this test's failed mint to set up.
  await test.step("when another Google account comes to a wallet whose claim is on hold, then it is told so too, and nothing is minted", async () => {
    await resetAndWaitForReload(page);
    await reachClaimStep(page, await createGoogleAccount(), wallet);
    await expect(page.getByText("This claim is on hold", { exact: true })).toBeVisible();
    await expect(claimButton(page)).toBeDisabled();
    expect(await balance(publicConfig, wallet)).toBe(0n);
  });
});

test("when the Google token expires on the Claim step, then re-authorizing there finishes the claim", async ({
  page,
  publicConfig,
  googleAccount,
  wallet,
}) => {
  await page.goto("/claim");
  await reachClaimStep(page, googleAccount, wallet);
  const accessToken = await page.evaluate(
    () => (JSON.parse(sessionStorage.getItem("googleAuthData") ?? "{}") as { accessToken?: string }).accessToken,
  );
  const expired = await fetch(`${new URL(publicConfig.googleAuthUrl).origin}/__emulator/expire`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ access_token: accessToken }),
  });
  expect(expired.ok).toBe(true);

  await claimButton(page).click();
  const reconnect = page.getByRole("button", { name: "Reconnect with Google" });
  await expect(reconnect).toBeVisible();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  await screenshotAtBothSizes(page, "reauthorize-on-claim-step");

  await signInWithGoogle(page, googleAccount, () => reconnect.click());
  // The claim goes on by itself once Google answers: same step, wallet and username.
  await expect(page.getByRole("dialog", { name: "Transaction Successful" })).toBeVisible({ timeout: 30_000 });
  expect(await balance(publicConfig, wallet)).toBe(REWARD_AMOUNT_WEI);
});

test("when Engine does not answer the claim, then the kept claim shows as processing and the page follows it to the end", async ({
  page,
  publicConfig,
  googleAccount,
  wallet,
}) => {
  // Engine queues the reward but its answer never comes: the server records the claim and sends it later.
  await engineFault({ mode: "timeout", count: 1, wallet });
  await page.goto("/claim");
  await reachClaimStep(page, googleAccount, wallet);
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/verify-and-mint"));
  await claimButton(page).click();
  await expect(page.getByText("Processing Transaction", { exact: true })).toBeVisible();
  const kept = await answer;
  expect(kept.status()).toBe(202);
  expect(await kept.json()).toMatchObject({ claimed: true, status: "queued", error: null });
  await expect(page.getByText("Tokens Claimed Successfully!")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("Minting Failed", { exact: true })).toHaveCount(0);
  expect(await balance(publicConfig, wallet)).toBe(REWARD_AMOUNT_WEI);
});

test("when the page reloads at every step and leaves and comes back, then it resumes there, the claim completes and Done survives a reload", async ({
  page,
  publicConfig,
  googleAccount,
  wallet,
}) => {
  // The longest walk in the suite (six reloads, a round trip and a mint) on a shared, slow machine.
  test.slow();
  const username = googleAccount.channel.handle;
  await page.goto("/claim");
  await signInWithGoogle(page, googleAccount);
  await page.getByLabel("Enter your YouTube username").fill(username);
  await page.reload();
  await expect(page.getByText("Step 1: Subscribe & Verify")).toBeVisible();
  await expect(page.getByLabel("Enter your YouTube username")).toHaveValue(username);

  await connectWallet(page, wallet);
  await page.getByRole("button", { name: "Verify My Subscription" }).click();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  await page.reload();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  expect(await savedProgress(page)).toMatchObject({ step: 2, youtubeUsername: username });
  await screenshotAtBothSizes(page, "resumed-claim-step");

  // The Connect step, with the wallet and without: a reload keeps it there; the wallet coming back is no connect.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByText("Step 2: Connect Your Wallet")).toBeVisible();
  await page.reload();
  await expect(connectedLine(page, wallet)).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue" })).toBeEnabled();
  await expect(page.getByText("Step 2: Connect Your Wallet")).toBeVisible();
  await page.getByRole("button", { name: "Disconnect Wallet" }).click();
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await page.reload();
  await expect(page.getByText("Step 2: Connect Your Wallet")).toBeVisible();
  expect(await savedProgress(page)).toMatchObject({ step: 1, youtubeUsername: username });
  await page.getByRole("button", { name: "Connect Wallet" }).first().click();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();

  // The embedded wallet's redirect sign-in: away to another page and back.
  await page.goto("/");
  await page.goto("/claim");
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  expect(await savedProgress(page)).toMatchObject({ step: 2, youtubeUsername: username });

  // A reload while minting follows the same claim to the end. Until the reload, the page's reads of its claim get no
  // answer (a network that stalls), so a mint faster than the reload cannot finish in front of it. The reload waits
  // for the server to take the claim: 'Checking Claim Status' shows before the claim is even sent, and a reload
  // that early rightly finds no claim to follow.
  let stalled = true;
  await page.route("**/api/claims/**", (route) => (stalled ? undefined : route.continue()));
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) stalled = false;
  });
  const claimTaken = page.waitForResponse((response) => response.url().endsWith("/api/verify-and-mint"));
  await claimButton(page).click();
  await expect(page.getByText("Checking Claim Status", { exact: true })).toBeVisible();
  expect((await claimTaken).status()).toBe(202);
  await page.reload();
  await expect(page.getByRole("dialog", { name: "Transaction Successful" })).toBeVisible({ timeout: 30_000 });
  expect(await balance(publicConfig, wallet)).toBe(REWARD_AMOUNT_WEI);

  // Done, reloaded: the hash comes from the server again, never from the tab's storage.
  expect(JSON.stringify(await savedProgress(page))).not.toMatch(/0x[0-9a-f]{64}/i);
  const claimRead = page.waitForResponse((response) => /\/api\/claims\/[^/]+$/.test(response.url()));
  await page.reload();
  expect((await claimRead).ok()).toBe(true);
  await expect(page.getByText("Tokens Claimed Successfully!")).toBeVisible();
  await expect(page.getByRole("link", { name: "View transaction on the block explorer" })).toHaveAttribute(
    "href",
    /\/tx\/0x[0-9a-f]{64}$/i,
  );
  await expect(page.getByRole("button", { name: "Add TuBE to your wallet" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("when the wallet module cannot download on a reload at the Connect step, then the step says so and 'Try again' loads it once back online", async ({
  page,
  // The visitor has a wallet installed; this test never reads its address.
  wallet: _wallet,
}) => {
  // The tab's saved progress at the Connect step, as a reload there finds it, in place before the app's own code runs.
  await page.addInitScript(() =>
    sessionStorage.setItem("claimWizardProgress", JSON.stringify({ step: 1, youtubeUsername: "", claim: null })),
  );
  const walletModule = /\/assets\/thirdweb-wallet-runtime-[^/]*\.js$/;
  await page.route(walletModule, (route) => route.abort("internetdisconnected"));
  await page.goto("/claim");

  await expect(page.getByText("Step 2: Connect Your Wallet")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    "The wallet options could not be loaded. Check your connection and try again.",
  );

  await page.unroute(walletModule);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});
