/** The visitor's wait and taps: a few visitors at once walk the built /claim in Chromium on a phone. */
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, devices, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { createGoogleAccount, type FreshAccount } from "@tube/local-world/google-emulator/create-account";
import { chromiumFlags, E2E_CHROMIUM_PATH } from "@tube/local-world/chromium";
import { freePort } from "@tube/local-world/free-port";
import { runningWorldOrExit } from "@tube/local-world/running-world";
import { randomWallet } from "@tube/local-world/mint-log";
import type { PublicConfig } from "../../../e2e/support/fixtures.ts";
import { expect } from "../../../e2e/support/expect.ts";
import {
  CLAIM_STEP,
  claimButton,
  fillVerifyStep,
  openClaimWizard,
  signInWithGoogle,
  verifyButton,
} from "../../../e2e/support/claim-wizard.ts";
import { signInWithEmbeddedWallet } from "../../../e2e/support/embedded-wallet.ts";
import { readyToVerifyWithPhoneWallet, startTestPhoneWallet } from "../../../e2e/support/phone-wallet.ts";
import { injectTestWallet } from "../../../e2e/support/test-wallet.ts";
import { BLOCK_SECONDS, ENGINE_SEND_LATENCY_MS, type BenchWorld } from "./bench-world.ts";
import { percentile, spreadOf, table, untilReady, verdict } from "./stats.ts";

const VISITORS = Number(process.env.BENCH_VISITORS ?? 24);
const AT_ONCE = Number(process.env.BENCH_VISITORS_AT_ONCE ?? 3);
/** Claim pressed to the success text, p95. */
const CLAIM_WAIT_TARGET_MS = 1_200;
const PHONE = { width: 390, height: 844 };
type Walk = (page: Page, account: FreshAccount, config: PublicConfig) => Promise<() => Promise<void>>;
// Visitors the phase's world cannot serve, walked to Verify like the e2e tests; each returns its wallet's stop.
const KINDS: Record<string, Walk> = {
  "Sign in with Google (embedded wallet)": async (page, account) => {
    await page.goto("/claim");
    await signInWithGoogle(page, account);
    await page.getByLabel("Enter your YouTube username").fill(account.channel.handle);
    await signInWithEmbeddedWallet(page, account);
    return async () => {};
  },
  "WalletConnect (a phone wallet, through the deep link)": async (page, account, config) => {
    const wallet = await startTestPhoneWallet(config.rpcUrl);
    await readyToVerifyWithPhoneWallet(page, account, wallet, "deep link").catch(async (error: unknown) => {
      await wallet.stop();
      throw error;
    });
    return () => wallet.stop();
  },
};
const COUNT_TAPS = `{
  const typed = new WeakSet();
  addEventListener("click", (event) => event.isTrusted && globalThis.__tapped("taps"), true);
  addEventListener("input", (event) => {
    if (!event.isTrusted || typed.has(event.target)) return;
    typed.add(event.target);
    globalThis.__tapped("fields");
  }, true);
}`;
const SUCCESS = "Tokens Claimed Successfully!";

type VisitorTimes = Awaited<ReturnType<typeof visit>>;

export async function visitorPhase(world: BenchWorld) {
  const config = (await (await fetch(`${world.env.PUBLIC_URL}/api/config`)).json()) as PublicConfig;
  const browser = await chromium.launch({ executablePath: E2E_CHROMIUM_PATH, args: chromiumFlags() });
  const times: VisitorTimes[] = [];
  try {
    for (let started = 0; started < VISITORS; started += AT_ONCE) {
      const group = Array.from({ length: Math.min(AT_ONCE, VISITORS - started) }, () => visit(browser, world, config));
      times.push(...(await Promise.all(group)));
    }
  } finally {
    await browser.close();
  }
  const receipts = times.flatMap((t) =>
    t.txHash ? [world.rpc<{ gasUsed: string }>("eth_getTransactionReceipt", [t.txHash])] : [],
  );
  const gasUsed = (await Promise.all(receipts)).map((receipt) => BigInt(receipt.gasUsed));

  const confirmed = times.filter((t): t is VisitorTimes & { confirmedMs: number } => t.confirmedMs !== null);
  const row = <T>(name: string, of: T[], figure: (t: T) => number) => {
    const values = of.map(figure);
    return [name, ...[50, 95, 0, 100].map((p) => percentile(values, p).toFixed(0))];
  };
  const claimP95 = percentile(
    times.map((t) => t.claimMs),
    95,
  );
  const markdown = [
    "## The visitor's wait",
    "",
    `${times.length} visitors, ${AT_ONCE} at a time, each in a fresh headless Chromium context on a ${PHONE.width}×${PHONE.height} screen, walk /claim on the built page: Google sign-in, the injected test wallet (as MetaMask's), Verify, Claim, timed on the page from the press to what the visitor reads next. anvil mines a block every ${BLOCK_SECONDS} s; Engine sends ${ENGINE_SEND_LATENCY_MS} ms after a write. **Target: Claim → '${SUCCESS}' p95 ≤ ${CLAIM_WAIT_TARGET_MS / 1000} s**: ${(claimP95 / 1000).toFixed(2)} s, ${verdict(claimP95 <= CLAIM_WAIT_TARGET_MS)}.`,
    "",
    table(
      ["wait", "p50 ms", "p95 ms", "min ms", "max ms"],
      [
        row("Verify pressed → Claim step", times, (t) => t.verifyMs),
        row(`Claim pressed → '${SUCCESS}'`, times, (t) => t.claimMs),
        row("of which: Claim pressed → confirmed in the store", confirmed, (t) => t.confirmedMs),
        row("of which: confirmed in the store → on screen", confirmed, (t) => t.claimMs - t.confirmedMs),
      ],
    ),
    "",
    "The Claim wait: the POST queueing the mint, Engine's send, the next block, the mint loop seeing the reward (a pass every 500 ms; between passes a look each block, at the wallet's record until Engine names the hash, then at the receipt), and the page's held read answering.",
    "",
    `Taps from /claim to the success text, counted by the page (clicks, Google's popup too): MetaMask's (the injected test wallet) ${spreadOf(times, (t) => t.taps)} taps and ${spreadOf(times, (t) => t.fields)} typed fields; other kinds of visitor below.`,
  ].join("\n");
  return { markdown, gasUsed };
}

// The other kinds once each, on a phone, on `npm start`'s world: it has the wallet service and WalletConnect.
export async function tapsPhase() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-taps-"));
  const [port, borderPort] = [await freePort(), String(await freePort())];
  const url = `http://localhost:${port}`;
  // The e2e helpers find the border through these.
  Object.assign(process.env, { E2E_BORDER_PORT: borderPort, E2E_DATA_DIR: dataDir });
  const env = { ...process.env, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, LOCAL_BORDER_PORT: borderPort };
  const world = spawn("npm", ["start", "--", "--prebuilt"], { env, stdio: "ignore", detached: true });
  const exited = once(world, "exit");
  const rows: string[][] = [];
  try {
    await untilReady(url, world, 300_000);
    const config = (await (await fetch(`${url}/api/config`)).json()) as PublicConfig;
    const { border } = runningWorldOrExit(dataDir);
    const browser = await chromium.launch({ executablePath: E2E_CHROMIUM_PATH, args: chromiumFlags(border) });
    try {
      const { userAgent, isMobile, hasTouch } = devices["iPhone 13"];
      /** Taps, typed fields and seconds, or null when a step failed (a loaded machine's). */
      const walkOnce = async (walk: Walk) => {
        const context = await browser.newContext({ baseURL: url, userAgent, isMobile, hasTouch, viewport: PHONE });
        const counts = await countTaps(context);
        const page = await context.newPage();
        const account = await createGoogleAccount(new URL(config.googleAuthUrl).origin);
        const started = Date.now();
        let done = async () => {};
        const row = await (async () => {
          done = await walk(page, account, config);
          await verifyButton(page).click();
          await claimButton(page).click();
          await expect(page.getByText(SUCCESS)).toBeVisible({ timeout: 60_000 });
          return [String(counts.taps), String(counts.fields), ((Date.now() - started) / 1000).toFixed(1)];
        })().catch((error: unknown) => void console.warn(String(error).slice(0, 600)));
        await done();
        await context.close();
        return row ?? null;
      };
      for (const [kind, walker] of Object.entries(KINDS))
        rows.push([kind, ...((await walkOnce(walker)) ?? (await walkOnce(walker)) ?? ["not measured", "", ""])]);
    } finally {
      await browser.close();
    }
  } finally {
    if (world.pid && world.exitCode === null) process.kill(-world.pid, "SIGTERM");
    await exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  const markdown = [
    "### Taps, by kind of visitor",
    "",
    `A first-time visitor of each kind walks /claim once on a ${PHONE.width}×${PHONE.height} phone (an iPhone's user agent, touch) against \`npm start\`'s world, as the e2e tests do, from the page's load to '${SUCCESS}'. The page counts taps (clicks, Google's popup and the wallet service's pages too) and typed fields, not a wallet app's own approval; the seconds include the bench's waits for each step.`,
    "",
    table(["visitor", "taps", "typed fields", "seconds"], rows),
  ].join("\n");
  return { markdown };
}

/** Through `__tapped`, in every page of `context`, Google's popup too. */
async function countTaps(context: BrowserContext) {
  const counts = { taps: 0, fields: 0 };
  await context.exposeFunction("__tapped", (counted: keyof typeof counts) => counts[counted]++);
  await context.addInitScript(COUNT_TAPS);
  return counts;
}

async function visit(browser: Browser, world: BenchWorld, config: PublicConfig) {
  const context = await browser.newContext({ baseURL: world.env.PUBLIC_URL, viewport: PHONE });
  try {
    const counts = await countTaps(context);
    // tsx's keepNames wraps the test wallet's functions in `__name(fn, "name")`, which the page lacks.
    await context.addInitScript("globalThis.__name = (fn) => fn;");
    const wallet = randomWallet();
    await injectTestWallet(context, { rpcUrl: config.rpcUrl, account: wallet });
    const account = await createGoogleAccount(new URL(config.googleAuthUrl).origin);
    const page = await context.newPage();
    await openClaimWizard(page);
    await fillVerifyStep(page, account, wallet);
    const verify = await pressUntilShown(page, verifyButton(page), CLAIM_STEP, 30_000);
    const claim = await pressUntilShown(page, claimButton(page), SUCCESS, 60_000);
    const confirmed = world.confirmed([wallet]).get(wallet);
    return {
      verifyMs: verify.waitMs,
      claimMs: claim.waitMs,
      confirmedMs: confirmed ? confirmed.at - claim.pressedAt : null,
      txHash: confirmed?.txHash,
      ...counts,
    };
  } finally {
    await context.close();
  }
}

/** On the page's clock: the first press, then the first frame holding `text` (a string: no DOM types here). */
const markPressUntilShown = (text: string) => `{
  const marks = (globalThis.__waitMarks = { pressed: 0, shown: 0 });
  document.addEventListener("click", () => (marks.pressed ||= performance.now()), { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (!marks.pressed || !document.body.textContent?.includes(${JSON.stringify(text)})) return;
    marks.shown = performance.now();
    observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}`;

/** Times a press to the first frame holding `text` (`expect` polls too coarsely for that). */
async function pressUntilShown(page: Page, button: Locator, text: string, timeoutMs: number) {
  await page.evaluate(markPressUntilShown(text));
  await button.click();
  await expect(page.getByText(text)).toBeVisible({ timeout: timeoutMs });
  return page.evaluate<{ waitMs: number; pressedAt: number }>(
    "({ waitMs: __waitMarks.shown - __waitMarks.pressed, pressedAt: performance.timeOrigin + __waitMarks.pressed })",
  );
}
