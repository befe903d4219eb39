/**
 * Issue 8: every visitor who starts a claim can finish it, or is told exactly what to do next.
 * One test per item, in real Chromium against `npm start`'s local world. Each Google account claims
 * once, so each test has its own seeded subscriber (ivan, judy, kim, leo) and fresh wallet addresses
 * (the server mints to the address; the injected wallet signs nothing).
 */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { ERROR_CATALOGUE } from "@tube/common/errors";
import { randomWallet } from "@tube/local-world/mint-log";
import { balanceOf } from "@tube/local-world/token-balance";
import { blockExternalRequests } from "./support/offline.ts";
import { injectTestWallet } from "./support/test-wallet.ts";

interface PublicConfig {
  rpcUrl: string;
  chainId: number;
  tokenAddress: string;
  googleAuthUrl: string;
}

const CLAIM_STEP = "Step 3: Claim Your Tokens";
const VIEWPORTS = [
  { label: "desktop", width: 1280, height: 800 },
  { label: "mobile", width: 390, height: 844 },
];

let config: PublicConfig;

test.beforeEach(async ({ request }) => {
  config ??= (await (await request.get("/api/config")).json()) as PublicConfig;
});

async function openWithWallet(context: BrowserContext, page: Page, account: string) {
  await blockExternalRequests(context);
  await injectTestWallet(context, { rpcUrl: config.rpcUrl, account });
  await page.goto("/claim");
}

async function chooseGoogleAccount(page: Page, open: () => Promise<void>, email: string) {
  const popupOpened = page.waitForEvent("popup");
  await open();
  const popup = await popupOpened;
  await popup.getByRole("button", { name: new RegExp(email) }).click();
}

/** Google, username, wallet, Verify: the wizard stops on the Claim step. */
async function reachClaimStep(page: Page, email: string, username: string) {
  await chooseGoogleAccount(page, () => page.getByRole("button", { name: "Connect with Google" }).click(), email);
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  await page.getByLabel("Enter your YouTube username").fill(username);
  // After a Reset the wallet may still be connected (Reset signs out of Google only).
  const connected = page.getByText(/Connected:/);
  const connectWallet = page.getByRole("button", { name: "Connect Wallet" }).first();
  await expect(connected.or(connectWallet)).toBeVisible();
  if (!(await connected.isVisible())) await connectWallet.click();
  await expect(connected).toBeVisible();
  await page.getByRole("button", { name: "Verify My Subscription" }).click();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
}

async function resetAndWaitForReload(page: Page) {
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Reset" }).click();
  await reloaded;
  await expect(page.getByRole("button", { name: "Connect with Google" })).toBeVisible();
}

/** The journey screenshots of issue 8's states, at both sizes the journeys use. */
async function snapshotBothSizes(page: Page, name: string) {
  const original = page.viewportSize();
  for (const { label, width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await page.screenshot({
      path: test.info().outputPath(`${label}-${name}.png`),
      fullPage: true,
      animations: "disabled",
    });
  }
  if (original) await page.setViewportSize(original);
}

async function savedProgress(page: Page): Promise<{ step: number; youtubeUsername: string } | null> {
  return page.evaluate(
    () =>
      JSON.parse(sessionStorage.getItem("claimWizardProgress") ?? "null") as {
        step: number;
        youtubeUsername: string;
      } | null,
  );
}

test.describe("a Google account that already claimed", () => {
  test.describe.configure({ mode: "serial" });
  const firstWallet = randomWallet();

  test("(5) when the wallet disconnects on Done, then the address that received the tokens is still shown", async ({
    context,
    page,
  }) => {
    await openWithWallet(context, page, firstWallet);
    await reachClaimStep(page, "ivan@example.com", "@ivansubscribes");
    await page.getByRole("button", { name: "Claim 250 Tokens" }).click();
    const dialog = page.getByRole("dialog", { name: "Transaction Successful" });
    await expect(dialog).toContainText(firstWallet, { ignoreCase: true, timeout: 30_000 });
    await dialog.getByRole("button", { name: "Close" }).first().click();
    // Its exit animation keeps the address in the page a while: on a slow machine, long enough to be found twice.
    await expect(dialog).toBeHidden();

    await page.evaluate(() => (window as unknown as { testWallet: { disconnect(): void } }).testWallet.disconnect());
    await expect(page.getByText(/Connected:/)).toBeHidden();
    await expect(page.getByText("Tokens Claimed Successfully!")).toBeVisible();
    await expect(page.getByText(new RegExp(firstWallet, "i"))).toBeVisible();
  });

  test("(1) when it claims again with a second wallet, then 'Already Claimed' says the Google account claimed, not the wallet", async ({
    context,
    page,
  }) => {
    await openWithWallet(context, page, randomWallet());
    await reachClaimStep(page, "ivan@example.com", "@ivansubscribes");
    await page.getByRole("button", { name: "Claim 250 Tokens" }).click();

    await expect(page.getByText("Already Claimed", { exact: true })).toBeVisible();
    await expect(
      page.getByText("This Google account has already claimed tokens with another wallet.").first(),
    ).toBeVisible();
    await expect(page.getByText("This wallet address has already claimed tokens.")).toHaveCount(0);
  });
});

test.describe("a claim that failed", () => {
  test.describe.configure({ mode: "serial" });
  const wallet = randomWallet();

  test("(8) when Engine fails the mint, then the Claim step offers 'Retry claim', also after a reload", async ({
    context,
    page,
  }) => {
    const fault = await fetch(`http://127.0.0.1:${process.env.E2E_ENGINE_PORT}/__emulator/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      // Every automatic attempt (MINT_MAX_ATTEMPTS, 3 by default) ends FAILED at Engine: the claim is left failed.
      body: JSON.stringify({ mode: "failed", count: 3 }),
    });
    expect(fault.ok).toBe(true);
    await openWithWallet(context, page, wallet);
    await reachClaimStep(page, "judy@example.com", "@judysubscribes");
    await page.getByRole("button", { name: "Claim 250 Tokens" }).click();

    await expect(page.getByText("Minting Failed", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Retry claim" })).toBeEnabled();
    await page.reload();
    await expect(page.getByText(CLAIM_STEP)).toBeVisible();
    await expect(page.getByRole("button", { name: "Retry claim" })).toBeEnabled();
    await expect(page.getByText("This wallet's earlier claim did not go through.", { exact: false })).toBeVisible();
  });

  test("(2) when another Google account tries it, then it is told who can retry, and that account's retry is told the claim is on hold", async ({
    context,
    page,
  }) => {
    await openWithWallet(context, page, wallet);
    await reachClaimStep(page, "alice@example.com", "@alicewatches");
    await page.getByRole("button", { name: "Retry claim" }).click();
    await expect(page.getByText("Claim Started by Another Account", { exact: true })).toBeVisible();
    await expect(page.getByText(/Only the Google account that started it can retry it/).first()).toBeVisible();

    // The way out the message names: the account that started the claim.
    await resetAndWaitForReload(page);
    await reachClaimStep(page, "judy@example.com", "@judysubscribes");
    await page.getByRole("button", { name: "Retry claim" }).click();
    // Its attempts are used up (an owner's retries count too): only an operator can grant another, and nothing is minted.
    await expect(page.getByText(ERROR_CATALOGUE.MINT_ATTEMPTS_EXHAUSTED.message).first()).toBeVisible();
    expect(await balanceOf(config.rpcUrl, config.chainId, config.tokenAddress, wallet)).toBe(0n);
  });
});

test("(3) when the Google token expires on the Claim step, then re-authorizing there finishes the claim", async ({
  context,
  page,
}) => {
  const wallet = randomWallet();
  await openWithWallet(context, page, wallet);
  await reachClaimStep(page, "kim@example.com", "@kimsubscribes");
  const accessToken = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("googleAuthData") ?? "{}") as { accessToken?: string }).accessToken,
  );
  const expired = await fetch(`${new URL(config.googleAuthUrl).origin}/__emulator/expire`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ access_token: accessToken }),
  });
  expect(expired.ok).toBe(true);

  await page.getByRole("button", { name: "Claim 250 Tokens" }).click();
  const reconnect = page.getByRole("button", { name: "Reconnect with Google" });
  await expect(reconnect).toBeVisible();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  await snapshotBothSizes(page, "reauthorize-on-claim-step");

  await chooseGoogleAccount(page, () => reconnect.click(), "kim@example.com");
  // The claim goes on by itself once Google answers: same step, wallet and username.
  await expect(page.getByRole("dialog", { name: "Transaction Successful" })).toBeVisible({ timeout: 30_000 });
  expect(await balanceOf(config.rpcUrl, config.chainId, config.tokenAddress, wallet)).toBe(REWARD_AMOUNT_WEI);
});

test("(4) when the page reloads at every step and leaves and comes back, then it resumes there and the claim completes", async ({
  context,
  page,
}) => {
  // The longest walk in the suite (four reloads, a round trip and a mint) on a shared, slow machine.
  test.slow();
  const wallet = randomWallet();
  const username = "@leosubscribes";
  await openWithWallet(context, page, wallet);
  await chooseGoogleAccount(
    page,
    () => page.getByRole("button", { name: "Connect with Google" }).click(),
    "leo@example.com",
  );
  await page.getByLabel("Enter your YouTube username").fill(username);
  await page.reload();
  await expect(page.getByText("Step 1: Subscribe & Verify")).toBeVisible();
  await expect(page.getByLabel("Enter your YouTube username")).toHaveValue(username);

  await page.getByRole("button", { name: "Connect Wallet" }).first().click();
  await expect(page.getByText(/Connected:/)).toBeVisible();
  await page.getByRole("button", { name: "Verify My Subscription" }).click();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  await page.reload();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  expect(await savedProgress(page)).toMatchObject({ step: 2, youtubeUsername: username });
  await snapshotBothSizes(page, "resumed-claim-step");

  // The Connect step, with no wallet: a reload keeps it there.
  await page.getByRole("button", { name: "Back" }).click();
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

  // A reload while minting follows the same claim to the end.
  await page.getByRole("button", { name: "Claim 250 Tokens" }).click();
  await expect(page.getByText("Checking Claim Status", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("dialog", { name: "Transaction Successful" })).toBeVisible({ timeout: 30_000 });
  expect(await balanceOf(config.rpcUrl, config.chainId, config.tokenAddress, wallet)).toBe(REWARD_AMOUNT_WEI);
  expect(await savedProgress(page)).toBeNull();
});

test("(7) when Reset is pressed, then it is busy within one frame, whatever the revoke does, and the page reloads", async ({
  context,
  page,
}) => {
  await openWithWallet(context, page, randomWallet());
  await chooseGoogleAccount(
    page,
    () => page.getByRole("button", { name: "Connect with Google" }).click(),
    "alice@example.com",
  );
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  // Google never answers the revoke: Reset must not wait for it.
  await page.route("**/api/auth/revoke", () => undefined);

  const reloaded = page.waitForEvent("load");
  const busyNextFrame = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const reset = [...document.querySelectorAll("button")].find((button) => button.textContent?.trim() === "Reset");
        reset?.click();
        requestAnimationFrame(() => resolve(Boolean(reset?.disabled)));
      }),
  );
  expect(busyNextFrame).toBe(true);
  await expect(page.getByText("Logged out from Google")).toBeVisible();
  await reloaded;
  await expect(page.getByRole("button", { name: "Connect with Google" })).toBeVisible();
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("when the wallet module cannot download on a reload at the Connect step, then the step says so and 'Try again' loads it once back online", async ({
  context,
  page,
}) => {
  await openWithWallet(context, page, randomWallet());
  // Before the app's own code on the reload: written after the first load, the wizard could save its own step 1
  // over it while that load is still settling.
  await page.addInitScript(() =>
    sessionStorage.setItem("claimWizardProgress", JSON.stringify({ step: 1, youtubeUsername: "", claim: null })),
  );
  const walletModule = /\/assets\/thirdweb-wallet-runtime-[^/]*\.js$/;
  await page.route(walletModule, (route) => route.abort("internetdisconnected"));
  await page.reload();

  await expect(page.getByText("Step 2: Connect Your Wallet")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    "The wallet options could not be loaded. Check your connection and try again.",
  );

  await page.unroute(walletModule);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});
