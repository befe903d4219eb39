import { devices, type Page } from "@playwright/test";
import { CLAIM_STEP, claimButton, connectedLine, verifyButton } from "./support/claim-wizard.ts";
import { axeViolations } from "./support/axe.ts";
import { CONNECT_WAIT, NOT_ANSWERED } from "./support/connect-wait.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  connectPhoneWallet,
  offeredPairingUri,
  readyToVerifyWithPhoneWallet,
  setOwnRelayFault,
} from "./support/phone-wallet.ts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

/** How long a WalletConnect pairing URI and its session proposal last (`@walletconnect/core` `pairing.ts`, `create`). */
const PAIRING_LIFETIME_MS = 5 * 60_000;
/** How long a session lasts unless extended (`@walletconnect/sign-client` `src/constants/session.ts`). */
const SESSION_LIFETIME_MS = 7 * 24 * 3_600_000;

/** Whether the page ever said the wallet is ready on Arbitrum, however briefly: watched from before the page loads. */
async function watchForReady(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes("Ready to claim tokens on Arbitrum network"))
        sessionStorage.saidReady = "1";
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => sessionStorage.saidReady === "1");
}

/** Every error the page throws and nobody catches, for a test to show there were none. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("when the phone wallet approves only Ethereum mainnet, then it is asked to switch (-32602, then add), the header, wallet panel and Claim step say 'Wrong Network' until it is on Arbitrum, and when it then ends the session the Claim step offers to connect again, with no page error", async ({
  page,
  googleAccount,
  phoneWallet,
}) => {
  const errors = pageErrors(page);
  phoneWallet.behaviour.chains = [1];
  // The visitor first declines the switch in the wallet.
  phoneWallet.behaviour.rejectRequests = true;
  await readyToVerifyWithPhoneWallet(page, googleAccount, phoneWallet);

  await expect(page.getByRole("status").filter({ hasText: "Network Switch Failed" })).toBeVisible();
  await expect(page.getByText("Wrong Network")).toBeVisible();
  await expect(page.getByRole("button", { name: "Switch to Arbitrum", exact: true })).toBeVisible();

  phoneWallet.behaviour.rejectRequests = false;
  await page.getByRole("button", { name: "Switch to Arbitrum Network" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Network Switched" })).toBeVisible();
  await expect(page.getByText("Ready to claim tokens on Arbitrum network")).toBeVisible();
  expect(phoneWallet.requests).toEqual([
    { method: "wallet_switchEthereumChain", answer: 4001 },
    { method: "wallet_switchEthereumChain", answer: -32602 },
    { method: "wallet_addEthereumChain", answer: "ok" },
    { method: "wallet_switchEthereumChain", answer: "ok" },
  ]);

  await verifyButton(page).click();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  await expect(claimButton(page)).toBeEnabled();
  // The visitor moves the wallet back to mainnet in the wallet app.
  await phoneWallet.changeChain(1);
  await expect(page.getByText("Wrong Network")).toBeVisible();
  await expect(page.getByRole("button", { name: "Switch to Arbitrum", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Switch to Arbitrum Network" }).click();
  await expect(page.getByText("Wrong Network")).toHaveCount(0);
  await expect(claimButton(page)).toBeEnabled();

  // The visitor ends the session in the wallet app.
  await phoneWallet.disconnect();
  await expect(page.getByRole("status").filter({ hasText: "Wallet Disconnected" })).toContainText(
    "Your wallet has been disconnected.",
  );
  await expect(page.getByText("Not connected")).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeEnabled();
  expect(errors).toEqual([]);
});

test("when a visitor pairs from a QR code over 5 minutes old, then the wallet refuses the expired URI, the page has said the request expired, and Connect Wallet's new code pairs, with no page error", async ({
  page,
  phoneWallet,
}) => {
  const errors = pageErrors(page);
  // The page offered its code 6 minutes ago: its clock starts then and catches up with the world's, its timers
  // (the SDK's proposal expiry among them) firing on the way.
  await page.clock.install({ time: Date.now() - PAIRING_LIFETIME_MS - 60_000 });
  await page.goto("/claim");
  const expired = await offeredPairingUri(page);
  await page.clock.fastForward(PAIRING_LIFETIME_MS + 60_000);

  await expect(phoneWallet.pair(expired)).rejects.toThrow(
    "Expired. pair() URI has expired. Please try again with a new connection URI.",
  );
  const text =
    "No wallet accepted the connection request within 5 minutes, so its code has expired. Press Connect Wallet for a new one.";
  await expect(page.getByRole("status").filter({ hasText: "Connection Request Expired" })).toContainText(text);
  await expect(page.getByRole("alert")).toHaveText(text);
  await expect(page.getByRole("heading", { name: "Scan to Connect" })).toHaveCount(0);

  // The page's clock has caught up with the wallet's: a new code is offered in the present, as on any visit.
  await test.step("when the phone wallet rejects the session, then the visitor reads 'You rejected the connection request.' and can connect again", async () => {
    phoneWallet.behaviour.rejectSession = true;
    await connectPhoneWallet(page, phoneWallet);

    await expect(page.getByRole("status").filter({ hasText: "Connection Rejected" })).toContainText(
      "You rejected the connection request.",
    );
    await expect(page.getByRole("alert")).toHaveText("You rejected the connection request.");
    await expect(page.getByRole("heading", { name: "Scan to Connect" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeEnabled();
    phoneWallet.behaviour.rejectSession = false;
  });

  await connectPhoneWallet(page, phoneWallet);
  await expect(connectedLine(page, phoneWallet.address)).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe("a WalletConnect session past its 7 days", () => {
  const DISCONNECTED = "Your wallet has been disconnected.";

  test("when the open page's clock passes the session's expiry, then the SDK drops it, the visitor reads 'Wallet Disconnected' and is offered to connect again, with no page error", async ({
    page,
    phoneWallet,
  }) => {
    const errors = pageErrors(page);
    await page.clock.install();
    await page.goto("/claim");
    await connectPhoneWallet(page, phoneWallet);
    await expect(connectedLine(page, phoneWallet.address)).toBeVisible();

    // The SDK's expirer looks on each heartbeat pulse (`@walletconnect/heartbeat`, a page timer).
    await page.clock.fastForward(SESSION_LIFETIME_MS + 60_000);
    await expect(page.getByRole("status").filter({ hasText: "Wallet Disconnected" })).toContainText(DISCONNECTED);
    await expect(connectedLine(page, phoneWallet.address)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeEnabled();
    expect(errors).toEqual([]);
  });

  test("when the visitor comes back after the session expired, then AutoConnect does not restore it: no connected wallet, 'Connect Wallet' offered, no page error", async ({
    page,
    context,
    phoneWallet,
  }) => {
    await page.clock.install();
    await page.goto("/claim");
    await connectPhoneWallet(page, phoneWallet);
    await expect(connectedLine(page, phoneWallet.address)).toBeVisible();
    // Back before it expired, the session is restored (what the later visit is measured against).
    await page.close();
    const soon = await context.newPage();
    await soon.goto("/claim");
    await expect(connectedLine(soon, phoneWallet.address)).toBeVisible();
    await soon.close();

    await context.clock.setSystemTime(Date.now() + SESSION_LIFETIME_MS + 60_000);
    const nextWeek = await context.newPage();
    const errors = pageErrors(nextWeek);
    await nextWeek.goto("/claim");
    await expect(nextWeek.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeEnabled();
    await expect(nextWeek.getByText("Reconnecting...")).toHaveCount(0);
    await expect(connectedLine(nextWeek, phoneWallet.address)).toHaveCount(0);
    await expect(nextWeek.getByRole("status").filter({ hasText: "Wallet Connected" })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test("when the relay refuses every connection of the page, then no QR code appears, the page stops waiting at its time-out and offers 'Try again' and 'Sign in with Google', with no page error", async ({
  page,
  context,
}) => {
  const errors = pageErrors(page);
  await setOwnRelayFault(context, { mode: "refuse", count: 1000 });
  await page.clock.install();
  await page.goto("/claim");
  await page.getByRole("button", { name: "Connect Wallet to Claim Tokens" }).click();
  await expect(page.getByText(`Waiting for your wallet to answer (${CONNECT_WAIT.text})…`)).toBeVisible();

  await page.clock.fastForward(CONNECT_WAIT.past);
  await expect(page.getByRole("status").filter({ hasText: "Wallet Not Responding" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(NOT_ANSWERED);
  await expect(page.getByRole("heading", { name: "Scan to Connect" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Try again" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeEnabled();
  expect(errors).toEqual([]);
});

test("when the phone wallet approves only Ethereum mainnet and accepts the switch, then as it connects it is asked once, with a toast saying why, and told when it has switched", async ({
  page,
  googleAccount,
  phoneWallet,
}) => {
  phoneWallet.behaviour.chains = [1];
  await readyToVerifyWithPhoneWallet(page, googleAccount, phoneWallet);

  await expect(page.getByRole("status").filter({ hasText: "Approve the Network Switch" })).toContainText(
    "Your wallet is on another network. Please approve the switch to Arbitrum in your wallet.",
  );
  await expect(page.getByRole("status").filter({ hasText: "Network Switched" })).toBeVisible();
  await expect(page.getByText("Ready to claim tokens on Arbitrum network")).toBeVisible();
  expect(phoneWallet.requests).toEqual([
    { method: "wallet_switchEthereumChain", answer: -32602 },
    { method: "wallet_addEthereumChain", answer: "ok" },
    { method: "wallet_switchEthereumChain", answer: "ok" },
  ]);
  expect(phoneWallet.verifications).toHaveLength(1);
});

test("when a visitor comes back to a WalletConnect session on Ethereum mainnet, then the restored wallet is asked once to switch, with a toast saying why, and never shown as Ready", async ({
  page,
  phoneWallet,
}) => {
  const errors = pageErrors(page);
  phoneWallet.behaviour.chains = [1];
  phoneWallet.behaviour.rejectRequests = true;
  await page.goto("/claim");
  await connectPhoneWallet(page, phoneWallet);
  await expect(page.getByRole("status").filter({ hasText: "Network Switch Failed" })).toBeVisible();
  const saidReady = await watchForReady(page);

  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "Approve the Network Switch" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Network Switch Failed" })).toBeVisible();
  await expect(page.getByText("Wrong Network")).toBeVisible();
  expect(phoneWallet.requests).toEqual([
    { method: "wallet_switchEthereumChain", answer: 4001 },
    { method: "wallet_switchEthereumChain", answer: 4001 },
  ]);
  expect(await saidReady()).toBe(false);
  expect(errors).toEqual([]);
});

test("when a desktop visitor presses Connect Wallet with no wallet in the browser, then the QR overlay says to scan it with a wallet app such as MetaMask", async ({
  page,
}) => {
  await page.goto("/claim");
  await page.getByRole("button", { name: "Connect Wallet to Claim Tokens" }).click();
  await expect(page.getByRole("heading", { name: "Scan to Connect" })).toBeVisible();
  await expect(page.getByText("Scan it with a wallet app such as MetaMask on your phone.")).toBeVisible();
});

test.describe("a phone with no wallet app", () => {
  test.use({
    userAgent: devices["iPhone 13"].userAgent,
    isMobile: true,
    hasTouch: true,
    viewport: { width: 390, height: 844 },
  });

  test("when the MetaMask deep link opens nothing, then within seconds the page says so and offers 'Sign in with Google', with no spinner and no 'Try again' to reopen the dead link", async ({
    page,
  }) => {
    const errors = pageErrors(page);
    await page.clock.install();
    await page.goto("/claim");
    const connect = page.getByRole("button", { name: "Connect Wallet to Claim Tokens" });
    await Promise.all([page.waitForRequest(/^metamask:\/\/wc\?uri=/), connect.click()]);
    await expect(page.getByText(`Waiting for your wallet to answer (${CONNECT_WAIT.text})…`)).toBeVisible();

    // The page stayed in front: no app took it over.
    await page.clock.fastForward("00:06");
    const text =
      "No wallet app opened on this phone. Sign in with Google to create a wallet instead, or install a wallet app such as MetaMask.";
    await expect(page.getByRole("status").filter({ hasText: "No Wallet App Found" })).toContainText(text);
    await expect(page.getByRole("alert")).toHaveText(text);
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeEnabled();
    await expect(connect).toBeEnabled();
    await expect(page.getByText("Waiting for your wallet to answer")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    // Nor later, when the page's connect time-out has passed.
    await page.clock.fastForward(CONNECT_WAIT.past);
    await expect(page.getByRole("status").filter({ hasText: "Wallet Not Responding" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
