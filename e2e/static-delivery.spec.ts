import { expect, test } from "./support/fixtures.ts";

/** The landing page's own scripts and stylesheets, as the page references them. */
async function landingAssets(page: import("@playwright/test").Page): Promise<string[]> {
  const assets: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/assets/")) assets.push(request.url());
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Subscribe & Earn Tokens" })).toBeVisible();
  expect(assets.length).toBeGreaterThan(0);
  return assets;
}

test("when a browser asks for brotli or gzip, then every built asset comes precompressed and cached for good", async ({
  page,
  request,
}) => {
  const assets = await landingAssets(page);
  // The static pages' look comes from one stylesheet (ADR 0012): it must come compressed like the scripts.
  expect(assets.some((url) => url.endsWith(".css"))).toBe(true);
  for (const url of assets) {
    const brotli = await request.get(url, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(brotli.headers()["content-encoding"], url).toBe("br");
    expect(brotli.headers()["vary"], url).toMatch(/accept-encoding/i);
    expect(brotli.headers()["cache-control"], url).toContain("immutable");

    const gzip = await request.get(url, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"], url).toBe("gzip");
    expect(await gzip.body()).toEqual(await brotli.body());
  }
});

test("when the page itself is fetched, then it comes compressed and is revalidated on every visit", async ({
  request,
}) => {
  const response = await request.get("/claim", { headers: { "accept-encoding": "br" } });
  expect(response.headers()["content-type"]).toContain("text/html");
  expect(response.headers()["content-encoding"]).toBe("br");
  expect(response.headers()["cache-control"]).toBe("no-cache");
  expect(await response.text()).toContain('<script type="application/json" id="tube-public-config">');
});

test("when a crawler asks for robots.txt, then it gets plain text, not the app's page", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  expect(await response.text()).toContain("User-agent: *");
});

test("when /api/config cannot be reached, then the landing page still renders from the config in the page, without a CSP violation", async ({
  page,
}) => {
  const configRequests: string[] = [];
  await page.route("**/api/config", async (route) => {
    configRequests.push(route.request().url());
    await route.abort();
  });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`Content Security Policy: ${event.violatedDirective}`),
    );
  });

  await page.goto("/");

  await expect(page.getByRole("heading", { level: 1, name: "Subscribe & Earn Tokens" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Subscribe on YouTube" })).toHaveAttribute("href", /UC/);
  expect(configRequests).toEqual([]);
  expect(violations).toEqual([]);
});
