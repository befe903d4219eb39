import type { Page } from "@playwright/test";
import { CLAIM_STEP, verifyButton } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";
import { connectPhoneWallet, readyToVerifyWithPhoneWallet } from "./support/phone-wallet.ts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

/** Every error the page throws and nobody catches, for a test to show there were none. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("when the phone wallet approves only Ethereum mainnet, then it is asked to switch (4902, then add), the header, wallet panel and Claim step say 'Wrong Network' until it is on Arbitrum, and when it then ends the session the Claim step offers to connect again, with no page error", async ({
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
    { method: "wallet_switchEthereumChain", answer: 4902 },
    { method: "wallet_addEthereumChain", answer: "ok" },
    { method: "wallet_switchEthereumChain", answer: "ok" },
  ]);

  await verifyButton(page).click();
  await expect(page.getByText(CLAIM_STEP)).toBeVisible();
  await expect(page.getByRole("button", { name: "Claim 250 Tokens" })).toBeEnabled();
  // The visitor moves the wallet back to mainnet in the wallet app.
  await phoneWallet.changeChain(1);
  await expect(page.getByText("Wrong Network")).toBeVisible();
  await expect(page.getByRole("button", { name: "Switch to Arbitrum", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Switch to Arbitrum Network" }).click();
  await expect(page.getByText("Wrong Network")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Claim 250 Tokens" })).toBeEnabled();

  // The visitor ends the session in the wallet app.
  await phoneWallet.disconnect();
  await expect(page.getByRole("status").filter({ hasText: "Wallet Disconnected" })).toContainText(
    "Your wallet has been disconnected.",
  );
  await expect(page.getByText("Not connected")).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeEnabled();
  expect(errors).toEqual([]);
});

test("when the phone wallet rejects the session, then the visitor reads 'You rejected the connection request.' and can connect again", async ({
  page,
  phoneWallet,
}) => {
  const errors = pageErrors(page);
  phoneWallet.behaviour.rejectSession = true;
  await page.goto("/claim");
  await connectPhoneWallet(page, phoneWallet);

  await expect(page.getByRole("status").filter({ hasText: "Connection Rejected" })).toContainText(
    "You rejected the connection request.",
  );
  await expect(page.getByRole("alert")).toHaveText("You rejected the connection request.");
  await expect(page.getByRole("heading", { name: "Scan to Connect" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeEnabled();
  expect(errors).toEqual([]);
});
