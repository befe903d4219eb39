import { gzipSync } from "node:zlib";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { connectedLine } from "./support/claim-wizard.ts";
import { expect, test } from "./support/fixtures.ts";
import { watchWalletCode } from "./support/wallet-code.ts";

const budget = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, "../frontend/bundle-budget.json"), "utf8"),
) as {
  landingInitialJsGzipKb: number;
  claimTotalJsGzipKb: number;
};

/**
 * Every same-origin script the page fetched, with its gzip size in KB and whether it carries wallet (thirdweb) code
 * or Chakra UI (its CSS variables' prefix, or emotion's style tags), which the static pages do without (ADR 0012).
 * Modulepreload fetches are scripts too, so the chunks index.html announces are counted.
 */
async function scriptsLoadedBy(page: Page, baseURL: string, route: string, ready: () => Promise<void>) {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" && request.url().startsWith(baseURL)) urls.push(request.url());
  });
  await page.goto(route);
  await ready();
  await page.waitForLoadState("networkidle");
  const scripts = [];
  for (const url of new Set(urls)) {
    const body = await (await page.request.get(url)).body();
    scripts.push({
      url,
      gzipKb: gzipSync(body).length / 1024,
      hasWalletCode: body.includes("embedded-wallet.thirdweb.com"),
      hasChakraCode: body.includes("--chakra-") || body.includes("data-emotion"),
    });
  }
  return scripts;
}

test("when the landing page loads, then it downloads no wallet or Chakra code and stays within its bundle budget", async ({
  page,
  baseURL,
}) => {
  const scripts = await scriptsLoadedBy(page, baseURL as string, "/", () =>
    page.getByRole("heading", { name: "Subscribe & Earn Tokens" }).waitFor(),
  );
  const totalKb = scripts.reduce((sum, script) => sum + script.gzipKb, 0);
  test.info().annotations.push({ type: "landing initial JS (gzip KB)", description: totalKb.toFixed(1) });
  expect(scripts.filter((script) => script.hasWalletCode || script.hasChakraCode)).toEqual([]);
  expect(totalKb).toBeLessThanOrEqual(budget.landingInitialJsGzipKb);
});

for (const { route, heading } of [
  { route: "/terms", heading: "Terms of Service" },
  { route: "/privacy", heading: "Privacy Policy" },
  { route: "/google-info", heading: "Google API Usage" },
  { route: "/no-such-page", heading: "404 Page Not Found" },
]) {
  test(`when ${route} loads, then it downloads no wallet or Chakra code`, async ({ page, baseURL }) => {
    const scripts = await scriptsLoadedBy(page, baseURL as string, route, () =>
      page.getByRole("heading", { level: 1, name: heading }).waitFor(),
    );
    const totalKb = scripts.reduce((sum, script) => sum + script.gzipKb, 0);
    test.info().annotations.push({ type: `${route} JS (gzip KB)`, description: totalKb.toFixed(1) });
    expect(scripts.filter((script) => script.hasWalletCode || script.hasChakraCode)).toEqual([]);
  });
}

test("when the claim page loads, then it downloads Chakra but no wallet code before a wallet is needed, within its budget", async ({
  page,
  baseURL,
  wallet,
}) => {
  const scripts = await scriptsLoadedBy(page, baseURL as string, "/claim", () =>
    page.getByText("Step 1: Subscribe & Verify").waitFor(),
  );
  const totalKb = scripts.reduce((sum, script) => sum + script.gzipKb, 0);
  test.info().annotations.push({ type: "/claim total JS (gzip KB)", description: totalKb.toFixed(1) });
  expect(scripts.filter((script) => script.hasWalletCode)).toEqual([]);
  expect(scripts.some((script) => script.hasChakraCode)).toBe(true);
  expect(totalKb).toBeLessThanOrEqual(budget.claimTotalJsGzipKb);

  await test.step("when /claim opens with no wallet to restore, then no wallet code downloads until a wallet button is pressed, which then connects", async () => {
    const walletCode = watchWalletCode(page);
    // One press both loads the wallet module and connects: the visitor does not press twice.
    await page.getByRole("button", { name: "Connect Wallet to Claim Tokens" }).click();
    await expect(connectedLine(page, wallet)).toBeVisible();
    expect(await walletCode.loaded()).toBe(true);
  });
});
