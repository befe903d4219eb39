import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { chromiumFlags, E2E_CHROMIUM_PATH } from "@tube/local-world/chromium";
import { freePort } from "@tube/local-world/free-port";
import { loadTlsIdentity } from "@tube/local-world/network-border/tls-identity";
import { OWN_PROJECT_ID } from "@tube/local-world/wallet-connect/reown-dashboard";
import { connectedLine } from "./support/claim-wizard.ts";
import { CONNECT_WAIT, NOT_ANSWERED } from "./support/connect-wait.ts";
import { expect, test } from "./support/fixtures.ts";
import { connectPhoneWallet } from "./support/phone-wallet.ts";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });
// Each group starts an app of its own (the page's project id is a server setting): one at a time.
test.describe.configure({ mode: "serial" });

/** A domain of the operator's that the own project's relay allow-list lacks, mapped to the app for one browser. */
const UNLISTED_HOST = "tube.example";

/** Another app of this run with its own WalletConnect project id (and local world), until `stop`. */
async function startApp(projectId: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "tube-e2e-project-"));
  const child = spawn("npm", ["start", "--", "--prebuilt"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, WALLETCONNECT_PROJECT_ID: projectId },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://localhost:${port}`;
  const ready = () =>
    fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      process.kill(-(child.pid as number), "SIGTERM");
      await exited;
    }
    // npm exits before the rest of its group: anvil may still be writing its state there, so try again a few times.
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10 });
  };
  // An app that never got ready is stopped too, so no world outlives the run.
  await expect
    .poll(ready, { timeout: 120_000 })
    .toBe(true)
    .catch(async (error: unknown) => {
      await stop();
      throw error;
    });
  return { url, port, stop };
}

/**
 * What a visitor and the operator meet when the relay refuses the page's project: the SDK logs the refusal (close 3000
 * and its reason, in the browser's console) and dials again, so the page cannot tell it from a relay that never
 * answers, and says so at its time-out, with no pairing code offered.
 */
async function expectRelayRefusal(page: Page, url: string, reason: string) {
  const logged: string[] = [];
  page.on("console", (message) => logged.push(message.text()));
  await page.clock.install();
  await page.goto(`${url}/claim`);
  await page.getByRole("button", { name: "Connect Wallet to Claim Tokens" }).click();
  await expect.poll(() => logged.some((line) => line.includes(reason))).toBe(true);
  await page.clock.fastForward(CONNECT_WAIT.past);
  await expect(page.getByRole("alert")).toHaveText(NOT_ANSWERED);
  await expect(page.getByRole("heading", { name: "Scan to Connect" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Try again" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeEnabled();
}

test.describe("the operator's own project, the app's domain verified and another domain not allowed", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    app = await startApp(OWN_PROJECT_ID);
  });
  test.afterAll(() => app?.stop());

  test("when a phone wallet pairs with the page, then Verify vouches for the app's domain and the wallet is told VALID", async ({
    page,
    phoneWallet,
  }) => {
    await page.goto(`${app.url}/claim`);
    await connectPhoneWallet(page, phoneWallet);
    await expect(connectedLine(page, phoneWallet.address)).toBeVisible();
    expect(phoneWallet.verifications).toEqual(["VALID"]);
  });

  test("when the app is served from a domain not on the project's allow-list, then the relay closes the page's socket with 3000 'origin not allowed' and the visitor reads the time-out", async () => {
    // A browser of its own, whose resolver sends the unlisted domain to the app (and trusts it as it would https).
    const { spkiSha256 } = loadTlsIdentity(process.env.E2E_DATA_DIR as string);
    const origin = `http://${UNLISTED_HOST}`;
    const args = chromiumFlags({ port: Number(process.env.E2E_BORDER_PORT), spkiSha256 }).map((flag) =>
      flag.replace("--host-resolver-rules=", `--host-resolver-rules=MAP ${UNLISTED_HOST} 127.0.0.1:${app.port}, `),
    );
    const browser = await chromium.launch({
      executablePath: E2E_CHROMIUM_PATH,
      args: [...args, `--unsafely-treat-insecure-origin-as-secure=${origin}`],
    });
    try {
      await expectRelayRefusal(await browser.newPage(), origin, "Unauthorized: origin not allowed");
    } finally {
      await browser.close();
    }
  });
});

test.describe("a WalletConnect project id the Reown dashboard does not know", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    app = await startApp("0".repeat(32));
  });
  test.afterAll(() => app?.stop());

  test("when the visitor presses 'Connect Wallet', then the relay closes the page's socket with 3000 'invalid key' and the visitor reads the time-out", async ({
    page,
  }) => {
    await expectRelayRefusal(page, app.url, "Unauthorized: invalid key");
  });
});
