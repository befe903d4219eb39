import { expect, test } from "@playwright/test";
import { USERS } from "@tube/local-world/dev-accounts";
import { blockExternalRequests } from "./support/offline.ts";
import { injectTestWallet } from "./support/test-wallet.ts";

test("when the wallet is on another network and has never seen Arbitrum One, then connecting adds the network and switches to it", async ({
  page,
  context,
  request,
}) => {
  const config = (await (await request.get("/api/config")).json()) as { rpcUrl: string };
  await blockExternalRequests(context);
  await injectTestWallet(context, { rpcUrl: config.rpcUrl, account: USERS[2].address, chainIdHex: "0x1" });

  await page.goto("/claim");
  await expect(page.getByText("Step 1: Subscribe & Verify")).toBeVisible();
  await page.getByRole("button", { name: "Connect Wallet" }).first().click();

  await expect(page.getByText("Network Added")).toBeVisible();
  await expect(page.getByText("Arbitrum network has been added to your wallet.")).toBeVisible();
  await expect(page.getByText(/Connected:/)).toBeVisible();
  await expect(page.getByText("Ready to claim tokens on Arbitrum network")).toBeVisible();
});
