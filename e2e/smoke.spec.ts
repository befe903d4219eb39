import { expect, test } from "./support/fixtures.ts";

test("when a visitor opens the landing page, then it shows the headline and links to the claim wizard", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Subscribe & Earn Tokens" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Claiming Tokens" })).toHaveAttribute("href", "/claim");
});

test("when the app's public settings are read, then they name the local Arbitrum One chain", async ({ request }) => {
  const response = await request.get("/api/config");
  expect(response.ok()).toBe(true);
  const config = (await response.json()) as { chainId: number; rpcUrl: string };
  expect(config.chainId).toBe(42161);

  const chain = await request.post(config.rpcUrl, {
    data: { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] },
  });
  expect(((await chain.json()) as { result: string }).result).toBe("0xa4b1");
});
