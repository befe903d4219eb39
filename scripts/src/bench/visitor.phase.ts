/**
 * The visitor's wait: visitors walk /claim in Chromium, as the e2e tests do (the injected test wallet, the Google
 * stand-in's account picker), against the real server serving the built page. Timed on the page: Verify pressed to the
 * Claim step, and Claim pressed to 'Tokens Claimed Successfully!'. A few visitors at a time, so the figures are one
 * visitor's wait, not a queue's.
 */
import { chromium, type Browser, type Locator, type Page } from "@playwright/test";
import { createGoogleAccount } from "@tube/local-world/google-emulator/create-account";
import { chromiumFlags, E2E_CHROMIUM_PATH } from "@tube/local-world/chromium";
import { randomWallet } from "@tube/local-world/mint-log";
import type { PublicConfig } from "../../../e2e/support/fixtures.ts";
import { expect } from "../../../e2e/support/expect.ts";
import {
  CLAIM_STEP,
  claimButton,
  fillVerifyStep,
  openClaimWizard,
  verifyButton,
} from "../../../e2e/support/claim-wizard.ts";
import { injectTestWallet } from "../../../e2e/support/test-wallet.ts";
import { BLOCK_SECONDS, ENGINE_SEND_LATENCY_MS, type BenchWorld } from "./bench-world.ts";
import { blockNumber, rewardGasUsedSince } from "./chain.ts";
import { confirmedAtByWallet } from "./seed.ts";
import { percentile, table } from "./stats.ts";

const VISITORS = Number(process.env.BENCH_VISITORS ?? 24);
/** A few at a time: a launch's visitors arrive over hours, far apart at the quota's pace. */
const AT_ONCE = Number(process.env.BENCH_VISITORS_AT_ONCE ?? 3);
/** Claim pressed to the success text, p50, on a live chain's cadence and Engine's published send latency. */
const CLAIM_WAIT_TARGET_MS = 1_500;
/** The page's own poll of GET /api/claims/:id while a mint is pending (frontend claim-polling.ts). */
const PAGE_POLL_MS = 500;
const MINT_TIMEOUT_MS = 60_000;

interface VisitorTimes {
  verifyMs: number;
  claimMs: number;
  /** Claim pressed to the claim's confirmed row in the store: the server's part of the wait. */
  confirmedMs: number | null;
}

export interface VisitorResult {
  markdown: string;
  /** Gas used by each reward the visitors were paid, from the receipts. */
  gasUsed: bigint[];
}

export async function visitorPhase(world: BenchWorld): Promise<VisitorResult> {
  const baseURL = world.env.PUBLIC_URL as string;
  const config = (await (await fetch(`${baseURL}/api/config`)).json()) as PublicConfig;
  const fromBlock = await blockNumber(world.rpcUrl);
  const browser = await chromium.launch({ executablePath: E2E_CHROMIUM_PATH, args: chromiumFlags() });
  const times: VisitorTimes[] = [];
  try {
    // Each visitor's first page load warms nothing for the next: every visitor has a context of its own.
    for (let started = 0; started < VISITORS; started += AT_ONCE) {
      const group = Math.min(AT_ONCE, VISITORS - started);
      times.push(...(await Promise.all(Array.from({ length: group }, () => visit(browser, world, config, baseURL)))));
    }
  } finally {
    await browser.close();
  }
  const gasUsed = await rewardGasUsedSince(world.rpcUrl, world.tokenAddress, fromBlock);

  const verify = times.map((t) => t.verifyMs);
  const claim = times.map((t) => t.claimMs);
  const confirmed = times.flatMap((t) => (t.confirmedMs === null ? [] : [t.confirmedMs]));
  const shown = times.flatMap((t) => (t.confirmedMs === null ? [] : [t.claimMs - t.confirmedMs]));
  const claimP50 = percentile(claim, 50);
  const ms = (values: number[], p: number) => percentile(values, p).toFixed(0);
  const markdown = [
    "## The visitor's wait",
    "",
    `${times.length} visitors, ${Math.min(AT_ONCE, times.length)} at a time, each in a fresh Chromium context (${E2E_CHROMIUM_PATH}, headless, the e2e flags), walk /claim on the real server serving the built page: Google sign-in through the stand-in's account picker, the injected test wallet, their username, Verify, Claim. Timed on the page from the button press to what the visitor reads next. anvil mines a block every ${BLOCK_SECONDS} s (Arbitrum One's cadence) and the Engine stand-in sends ${ENGINE_SEND_LATENCY_MS} ms after it answers a write (Engine's published median from receipt to send). **Target: Claim → 'Tokens Claimed Successfully!' p50 ≤ ${(CLAIM_WAIT_TARGET_MS / 1000).toFixed(1)} s.** Measured p50 ${(claimP50 / 1000).toFixed(2)} s: ${claimP50 <= CLAIM_WAIT_TARGET_MS ? "**met**" : "**missed**"}.`,
    "",
    table(
      ["wait", "p50 ms", "p95 ms", "min–max ms"],
      [
        ["Verify pressed → Claim step", ms(verify, 50), ms(verify, 95), spreadOf(verify)],
        ["Claim pressed → 'Tokens Claimed Successfully!'", ms(claim, 50), ms(claim, 95), spreadOf(claim)],
        ["of which: Claim pressed → confirmed in the store", ms(confirmed, 50), ms(confirmed, 95), spreadOf(confirmed)],
        ["of which: confirmed in the store → on screen", ms(shown, 50), ms(shown, 95), spreadOf(shown)],
      ],
    ),
    "",
    `What the Claim wait is made of: the POST that queues the mint (Google's subscription check and the store), Engine's ${ENGINE_SEND_LATENCY_MS} ms to send, the wait for the next block (${BLOCK_SECONDS} s at most), the server's mint loop seeing the reward on chain (a pass every 500 ms), and the page noticing the confirmed claim: it asks GET /api/claims/:id every ${PAGE_POLL_MS} ms while the claim is under way, then shows the success dialog and the Done step. The two polls, not the app's work, set most of the wait.`,
  ].join("\n");
  return { markdown, gasUsed };
}

async function visit(
  browser: Browser,
  world: BenchWorld,
  config: PublicConfig,
  baseURL: string,
): Promise<VisitorTimes> {
  const context = await browser.newContext({ baseURL });
  try {
    // tsx compiles with esbuild's keepNames, which wraps the test wallet's inner functions in an `__name(fn, "name")`
    // helper; the function is sent to the page as source, where no such helper exists.
    await context.addInitScript("globalThis.__name = (fn) => fn;");
    const wallet = randomWallet();
    await injectTestWallet(context, { rpcUrl: config.rpcUrl, account: wallet });
    const account = await createGoogleAccount(new URL(config.googleAuthUrl).origin);
    const page = await context.newPage();
    await openClaimWizard(page);
    await fillVerifyStep(page, account, wallet);

    const verify = await pressUntilShown(page, verifyButton(page), CLAIM_STEP, 30_000);
    const claim = await pressUntilShown(page, claimButton(page), "Tokens Claimed Successfully!", MINT_TIMEOUT_MS);

    const confirmedAt = confirmedAtByWallet(world.dataDir, [wallet]).get(wallet);
    return {
      verifyMs: verify.waitMs,
      claimMs: claim.waitMs,
      confirmedMs: confirmedAt === undefined ? null : confirmedAt - claim.pressedAt,
    };
  } finally {
    await context.close();
  }
}

interface PageGlobals {
  document: {
    body: { textContent: string | null };
    addEventListener(type: "click", listener: () => void, options: { capture: boolean; once: boolean }): void;
  };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { childList: boolean; subtree: boolean; characterData: boolean }): void;
    disconnect(): void;
  };
}

/**
 * Presses `button` and times, on the page's own clock, the press to the first frame whose text holds `text`. Timed in
 * the page because Playwright's `expect` re-checks at growing intervals (up to a second apart), which would round
 * every wait up to its next check.
 */
async function pressUntilShown(
  page: Page,
  button: Locator,
  text: string,
  timeoutMs: number,
): Promise<{ waitMs: number; pressedAt: number }> {
  await page.evaluate((text) => {
    // The page's globals, named through globalThis: this file is type-checked as Node code, without DOM types.
    const { document, MutationObserver } = globalThis as unknown as PageGlobals;
    const marks = { pressed: 0, shown: 0 };
    Object.assign(globalThis, { __waitMarks: marks });
    document.addEventListener("click", () => (marks.pressed ||= performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (!marks.pressed || !document.body.textContent?.includes(text)) return;
      marks.shown = performance.now();
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  await button.click();
  await expect(page.getByText(text)).toBeVisible({ timeout: timeoutMs });
  return page.evaluate(() => {
    const { pressed, shown } = (globalThis as unknown as { __waitMarks: { pressed: number; shown: number } })
      .__waitMarks;
    return { waitMs: shown - pressed, pressedAt: performance.timeOrigin + pressed };
  });
}

function spreadOf(values: number[]): string {
  return `${percentile(values, 0).toFixed(0)}–${percentile(values, 100).toFixed(0)}`;
}
