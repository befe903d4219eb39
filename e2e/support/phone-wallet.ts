import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import type { Hex } from "thirdweb";
import { loadTlsIdentity } from "@tube/local-world/network-border/tls-identity";
import { RELAY_HOSTS, VERIFY_HOST } from "@tube/local-world/network-border/border-hosts";
import { routeBorderHostsFromNode, type BorderClient } from "@tube/local-world/network-border/border-request";
import { setRelayFault } from "@tube/local-world/test/stand-in-controls";
import { FAULT_SCOPE_COOKIE, type RelayFault } from "@tube/local-world/wallet-connect/relay-faults";
import { startPhoneWallet, type PhoneWallet } from "@tube/local-world/wallet-connect/phone-wallet";
import type { FreshAccount } from "@tube/local-world/google-emulator/create-account";
import { signInWithGoogle } from "./claim-wizard.ts";
import { expect } from "./expect.ts";

/** The network border of this test run, as a Node client reaches it. */
export function runBorder(): BorderClient {
  return {
    port: Number(process.env.E2E_BORDER_PORT),
    certificatePem: loadTlsIdentity(process.env.E2E_DATA_DIR as string).certificatePem,
  };
}

/**
 * Sets a fault of the WalletConnect stand-ins that only this browser context meets: its scope travels in a cookie the
 * context holds for the relay's and Verify's hosts (relay-faults.ts), so tests running beside it are not touched.
 */
export async function setOwnRelayFault(context: BrowserContext, fault: Omit<RelayFault, "scope">): Promise<void> {
  const scope = randomBytes(8).toString("hex");
  await context.addCookies(
    [...RELAY_HOSTS, VERIFY_HOST].map((domain) => ({
      name: FAULT_SCOPE_COOKIE,
      value: scope,
      domain,
      path: "/",
      secure: true,
      sameSite: "None" as const,
    })),
  );
  await setRelayFault(runBorder(), { ...fault, scope });
}

/** A phone wallet of its own for one test: a fresh key, funded on the local chain. */
export function startTestPhoneWallet(rpcUrl: string): Promise<PhoneWallet> {
  const border = runBorder();
  routeBorderHostsFromNode(border);
  const privateKey = `0x${randomBytes(32).toString("hex")}` as Hex;
  return startPhoneWallet({ borderPort: border.port, rpcUrl, privateKey, fund: true });
}

/**
 * The pairing URI as a desktop visitor takes it: thirdweb's QR overlay ('Scan to Connect'), its 'Copy URI' button,
 * and the clipboard (the test's browser context is granted clipboard access).
 */
async function copyPairingUri(page: Page): Promise<string> {
  await expect(page.getByRole("heading", { name: "Scan to Connect" })).toBeVisible();
  await page.getByRole("button", { name: "Copy URI" }).click();
  await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
  // The page's navigator, named through globalThis: this file is also type-checked as Node code, without DOM types.
  const uri = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
  return uri;
}

/**
 * The pairing URI as a phone visitor's browser hands it over: the page opens MetaMask's deep link
 * (`metamask://wc?uri=<the URI>`), which the test catches as the request the browser makes for it.
 */
async function deepLinkPairingUri(page: Page, open: () => Promise<void>): Promise<string> {
  const [deepLink] = await Promise.all([page.waitForRequest(/^metamask:\/\/wc\?uri=/), open()]);
  const uri = new URL(deepLink.url()).searchParams.get("uri") ?? "";
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
  return uri;
}

/** What a test does at the moment 'Connect Wallet' is pressed, e.g. move the page's clock past a wait of the SDK's. */
type AfterConnectClick = () => Promise<void>;

/**
 * 'Connect Wallet' with no wallet in the browser, and the pairing URI the page offers for it: the QR overlay's on a
 * desktop page, the deep link's on a phone.
 */
export async function offeredPairingUri(
  page: Page,
  via: "qr" | "deep link" = "qr",
  afterClick?: AfterConnectClick,
): Promise<string> {
  const connect = async () => {
    await page.getByRole("button", { name: "Connect Wallet" }).first().click();
    await afterClick?.();
  };
  return via === "qr" ? await connect().then(() => copyPairingUri(page)) : await deepLinkPairingUri(page, connect);
}

/** 'Connect Wallet' with no wallet in the browser, and the phone wallet pairing from the URI the page offers. */
export async function connectPhoneWallet(
  page: Page,
  wallet: PhoneWallet,
  via: "qr" | "deep link" = "qr",
  afterClick?: AfterConnectClick,
) {
  await wallet.pair(await offeredPairingUri(page, via, afterClick));
}

/** Google and the username on the first step, then the phone wallet connected: all Verify needs. */
export async function readyToVerifyWithPhoneWallet(
  page: Page,
  account: FreshAccount,
  wallet: PhoneWallet,
  via?: "qr" | "deep link",
  afterClick?: AfterConnectClick,
): Promise<void> {
  await page.goto("/claim");
  await signInWithGoogle(page, account);
  await expect(page.getByText("Google Authorization Complete!")).toBeVisible();
  await page.getByLabel("Enter your YouTube username").fill(account.channel.handle);
  await connectPhoneWallet(page, wallet, via, afterClick);
}
