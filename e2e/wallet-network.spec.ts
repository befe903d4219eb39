import { connectedLine, openClaimWizard } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";

test.use({ walletChainId: "0x1" });

test("when the wallet is on another network and has never seen Arbitrum One, then connecting adds the network and switches to it", async ({
  page,
  wallet,
}) => {
  await openClaimWizard(page);
  await page.getByRole("button", { name: "Connect Wallet" }).first().click();

  await expect(page.getByText("Network Added")).toBeVisible();
  await expect(page.getByText("Arbitrum network has been added to your wallet.")).toBeVisible();
  await expect(connectedLine(page, wallet)).toBeVisible();
  await expect(page.getByText("Ready to claim tokens on Arbitrum network")).toBeVisible();
});
