import { devices } from "@playwright/test";
import { CONNECT_WAIT, NOT_ANSWERED } from "./support/connect-wait.ts";
import { expect, test } from "./support/fixtures.ts";
import { setOwnRelayFault } from "./support/phone-wallet.ts";
import { failWalletConnects } from "./support/test-wallet.ts";

/** Each way a wallet's connect request can fail, and what the visitor reads (docs/product.md#wallet-toasts). */
const FAILURES = [
  { failure: "reject", title: "Connection Rejected", text: "You rejected the connection request." },
  {
    failure: "pending",
    title: "Connection Failed",
    text: "Your wallet is already showing a connection request. Open your wallet to approve or reject it, then try again.",
  },
  { failure: "locked", title: "Connection Failed", text: "No accounts found. Please unlock your wallet." },
  { failure: "broken", title: "Connection Failed", text: "The test wallet broke down." },
] as const;

// One page meets every failure in turn: the test wallet fails each connect request as told, and each failure leaves
// 'Connect Wallet to Claim Tokens' to press again, which is the next step's start.
test("when the wallet's connect request fails in each way, or never answers, then the visitor reads what happened and can try again", async ({
  page,
  wallet,
}) => {
  expect(wallet).toMatch(/^0x/);
  // The page's clock, so the last step can move past the wait; it runs on in real time until then.
  await page.clock.install();
  await page.goto("/claim");

  for (const { failure, title, text } of FAILURES) {
    await test.step(`when the wallet's connect request fails as '${failure}', then the visitor reads '${text}'`, async () => {
      await failWalletConnects(page, failure);
      await page.getByRole("button", { name: "Connect Wallet to Claim Tokens" }).click();

      // Earlier steps' toasts may still show, some under the same title: this step's is the one with its text.
      await expect(page.getByRole("status").filter({ hasText: title }).filter({ hasText: text })).toBeVisible();
      await expect(page.getByRole("alert")).toHaveText(text);
      await expect(page.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeEnabled();
    });
  }

  await test.step("when the wallet never answers, then the page stops waiting after the stated time and offers 'Try again'", async () => {
    await failWalletConnects(page, "silent");
    await page.getByRole("button", { name: "Connect Wallet to Claim Tokens" }).click();

    await expect(page.getByText(`Waiting for your wallet to answer (${CONNECT_WAIT.text})…`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeEnabled();
    await page.clock.fastForward(CONNECT_WAIT.past);
    await expect(page.getByRole("alert")).toHaveText(NOT_ANSWERED);
    await expect(page.getByRole("button", { name: "Try again" })).toBeEnabled();
  });
});

test.describe("on a phone with no wallet in the browser", () => {
  const phone = devices["iPhone 13"];
  test.use({ userAgent: phone.userAgent, isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });

  test("when 'Connect Wallet' cannot reach the relay, then the time-out is told and 'Try again' and 'Sign in with Google' are the ways on", async ({
    page,
    context,
  }) => {
    // No deep link goes out, so this is the page's own time-out, not a wallet app that never opened.
    await setOwnRelayFault(context, { mode: "refuse", count: 1000 });
    await page.clock.install();
    await page.goto("/claim");
    await page.getByRole("button", { name: "Connect Wallet to Claim Tokens" }).click();

    await expect(page.getByText(`Waiting for your wallet to answer (${CONNECT_WAIT.text})…`)).toBeVisible();
    const google = page.getByRole("button", { name: "Sign in with Google" });
    await expect(google).toBeEnabled();
    await page.clock.fastForward(CONNECT_WAIT.past);
    await expect(page.getByRole("alert")).toHaveText(NOT_ANSWERED);
    await expect(page.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Try again" })).toBeInViewport();
    await expect(google).toBeEnabled();
  });
});
