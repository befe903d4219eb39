import { expect, test } from "./support/fixtures.ts";

// The local dashboard allows the app's client id only on PUBLIC_URL's domain (localhost): the same app served at
// 127.0.0.1 is an app whose domain the operator never added to the project's allowed domains.
test("when the app is served from a domain its thirdweb client id does not allow, then the wallet service refuses 'Sign in with Google' and names that domain", async ({
  page,
  baseURL,
}) => {
  const elsewhere = new URL("/claim", baseURL);
  elsewhere.hostname = "127.0.0.1";
  await page.goto(elsewhere.href);

  const login = page.waitForRequest((request) => request.url().includes("/api/2024-05-05/login/google"));
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  // A navigation sends no Origin; under strict-origin its Referer is the page's origin, none of its path.
  const sent = await (await login).allHeaders();
  expect(sent.referer).toBe(`${elsewhere.origin}/`);
  expect(sent).not.toHaveProperty("origin");

  // The redirect login leaves the page, so thirdweb's answer is what the visitor reads.
  await expect(page).toHaveURL(/^https:\/\/embedded-wallet\.thirdweb\.com\/api\/2024-05-05\/login\/google\?/);
  await expect(page.locator("body")).toContainText(`Unauthorized domain: ${elsewhere.host}`);
});
