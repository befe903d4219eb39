import { test as base, type BrowserContext, type Page } from "@playwright/test";
import { createGoogleAccount, type FreshAccount } from "@tube/local-world/google-emulator/create-account";
import { randomWallet } from "@tube/local-world/mint-log";
import type { PhoneWallet } from "@tube/local-world/wallet-connect/phone-wallet";
import { startTestPhoneWallet } from "./phone-wallet.ts";
import { injectTestWallet } from "./test-wallet.ts";

/** The fields of the app's /api/config the tests read. */
export interface PublicConfig {
  rpcUrl: string;
  chainId: number;
  tokenAddress: string;
  googleAuthUrl: string;
}

interface Fixtures {
  publicConfig: PublicConfig;
  /** Makes a Google account no other test has used (bulletproof-react's `createUser()`). */
  createGoogleAccount: (options?: { subscribed?: boolean; brandChannels?: number }) => Promise<FreshAccount>;
  /** A fresh Google account subscribed to the channel. */
  googleAccount: FreshAccount;
  /** The chain (hex id) the test wallet is on when the page first asks; Arbitrum One unless a test says otherwise. */
  walletChainId: string;
  /** A fresh address, injected into this test's browser as its MetaMask. */
  wallet: string;
  /** A WalletConnect phone wallet of this test's own (no wallet in the browser), approving Arbitrum One. */
  phoneWallet: PhoneWallet;
  /** Another browser with a test wallet of its own, for a test that plays a second visitor or device. */
  openAnotherWallet: () => Promise<{ page: Page; wallet: string }>;
}

/**
 * Every e2e test's data and browser: the browser reaches only the local world (Chromium's host-resolver rules, set in
 * playwright.config.ts), and each account or wallet a test
 * asks for is new, so no test depends on what another test (or an earlier run on the same data) claimed.
 */
export const test = base.extend<Fixtures>({
  publicConfig: async ({ request }, use) => {
    await use((await (await request.get("/api/config")).json()) as PublicConfig);
  },

  createGoogleAccount: async ({ publicConfig }, use) => {
    await use((options) => createGoogleAccount(new URL(publicConfig.googleAuthUrl).origin, options));
  },

  googleAccount: async ({ createGoogleAccount }, use) => {
    await use(await createGoogleAccount());
  },

  walletChainId: ["0xa4b1", { option: true }],

  wallet: async ({ context, publicConfig, walletChainId }, use) => {
    await use(await injectFreshWallet(context, publicConfig, walletChainId));
  },

  phoneWallet: async ({ publicConfig }, use) => {
    const wallet = await startTestPhoneWallet(publicConfig.rpcUrl);
    await use(wallet);
    await wallet.stop();
  },

  openAnotherWallet: async ({ browser, publicConfig, walletChainId }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext();
      contexts.push(context);
      const wallet = await injectFreshWallet(context, publicConfig, walletChainId);
      return { page: await context.newPage(), wallet };
    });
    for (const context of contexts) await context.close();
  },
});

export { expect } from "@playwright/test";

async function injectFreshWallet(context: BrowserContext, config: PublicConfig, chainIdHex: string) {
  const address = randomWallet();
  await injectTestWallet(context, { rpcUrl: config.rpcUrl, account: address, chainIdHex });
  return address;
}
