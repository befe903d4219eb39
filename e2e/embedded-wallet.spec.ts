import type { Page } from "@playwright/test";
import { expectCleanAddress, setWalletFault, signInWithEmbeddedWallet } from "./support/embedded-wallet.ts";
import { expect, test } from "./support/fixtures.ts";

/** The visitor can go on: both ways to a wallet are offered again. */
async function expectWayOn(page: Page) {
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Connect Wallet to Claim Tokens" })).toBeEnabled();
  await expectCleanAddress(page);
}

const STALE = "This Google sign-in was not started from this page in the last 10 minutes, so it was not used.";
const REFUSED = "The wallet service did not accept this Google sign-in (it may have expired).";

/** Faults of the wallet service aimed at one Google account, and what the page then says. */
const SERVICE_FAULTS = [
  {
    mode: "stateMissing",
    when: "the sign-in comes back with no state",
    then: "the SDK drops it and /claim says so",
    text: STALE,
  },
  {
    mode: "stateForeign",
    when: "the sign-in comes back with a state this browser never stored",
    then: "the SDK drops it and /claim says so",
    text: STALE,
  },
  {
    mode: "expiredToken",
    when: "the wallet service finds the returned session expired (401)",
    then: "/claim says the sign-in was not accepted",
    text: REFUSED,
  },
  {
    mode: "generateFails",
    when: "the wallet service fails to generate the new wallet (500)",
    then: "/claim says the sign-in was not accepted",
    text: REFUSED,
  },
] as const;

// One page meets every failed sign-in in turn, each with a Google account of its own: every sign-in leaves for Google
// and comes back to /claim as a fresh page load, and each failure offers 'Sign in with Google' again, where the next
// step starts.
test("when an embedded-wallet sign-in is cancelled, comes back stale, or the wallet service refuses it, then /claim says which and offers both ways again", async ({
  page,
  createGoogleAccount,
}) => {
  await page.goto("/claim");

  await test.step("when the visitor cancels on Google's account chooser, then /claim says the sign-in was cancelled and offers both ways again", async () => {
    await signInWithEmbeddedWallet(page, await createGoogleAccount(), (chooser) =>
      chooser.getByRole("button", { name: "Cancel" }).click(),
    );
    await expect(page.getByRole("alert")).toHaveText(/^Google sign-in was cancelled\./);
    await expectWayOn(page);
  });

  await test.step("when the sign-in comes back more than 10 minutes after it started, then the SDK drops it and /claim says so", async () => {
    const account = await createGoogleAccount();
    await signInWithEmbeddedWallet(page, account, async (chooser) => {
      // The SDK's one-time state, kept in this origin's storage with its expiry: ten minutes pass while Google waits.
      const other = await page.context().newPage();
      await other.goto("/terms");
      await other.evaluate(() => {
        for (const key of Object.keys(localStorage))
          if (key.startsWith("thirdweb:auth-redirect-state:")) localStorage.setItem(key, String(Date.now() - 1));
      });
      await other.close();
      await chooser.getByRole("button", { name: account.email }).click();
    });
    await expect(page.getByRole("alert")).toContainText(STALE);
    await expectWayOn(page);
  });

  for (const fault of SERVICE_FAULTS) {
    await test.step(`when ${fault.when}, then ${fault.then}`, async () => {
      const account = await createGoogleAccount();
      await setWalletFault({ mode: fault.mode, account: account.email });
      await signInWithEmbeddedWallet(page, account);
      await expect(page.getByRole("alert")).toContainText(fault.text);
      await expectWayOn(page);
    });
  }
});

test("when the wallet service answers slower than the page waits, then /claim says the sign-in did not finish in time", async ({
  page,
  googleAccount,
}) => {
  await setWalletFault({ mode: "slow", account: googleAccount.email });
  await page.clock.install();
  await page.goto("/claim");
  // AutoConnect starts its time-out (a page timer, thirdweb's utils/timeoutPromise.ts) before it asks for the account.
  const accountAsked = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/2024-05-05/accounts");
  await signInWithEmbeddedWallet(page, googleAccount);
  await accountAsked;
  await page.clock.fastForward("00:31");
  await expect(page.getByRole("alert")).toContainText("Google sign-in did not finish within 30 seconds.");
  await expectWayOn(page);
});

test("when the redirect login comes back with its session credential in the address, then once the SDK has read it no address, history entry or referrer keeps it", async ({
  page,
  request,
}) => {
  const { ecosystemId } = (await (await request.get("/api/config")).json()) as { ecosystemId: string };
  const credential = "fake-session-credential-0123456789";
  await page.goto("/");

  const response = await page.goto(`/claim?walletId=${ecosystemId}&authCookie=${credential}&authProvider=google`);

  // The page's own requests (and thirdweb's, while the credential is still in the address) send only the origin.
  expect(response?.headers()["referrer-policy"]).toBe("strict-origin");
  // Only the SDK's redirect-login reader takes the credential out of the address.
  await expect(page).toHaveURL(/\/claim$/, { timeout: 30_000 });
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});
