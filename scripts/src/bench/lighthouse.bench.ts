/**
 * `npm run lighthouse`: starts the app as `npm start` does (building the frontend
 * when stale) with nginx in front of it speaking HTTP/2 over TLS, as production's
 * proxy or CDN does, runs Lighthouse (mobile preset: emulated mid-range phone,
 * simulated slow 4G) three times on each page through nginx and three times straight
 * to the app over HTTP/1.1, with the system Chromium, and writes the median run of
 * each page and protocol to docs/benchmarks/frontend.md. Without nginx it says how
 * to install it and runs the HTTP/1.1 half alone. The machine is shared, so timings
 * are noisy: compare medians, and read the date and versions beside them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import type { Result as LighthouseResult } from "lighthouse";
import { CHROMIUM_PATH, chromiumFlags } from "@tube/local-world/chromium";
import { freePort } from "@tube/local-world/free-port";
import { NGINX_INSTALL_HINT, nginxInstalled, startTlsProxy, type TlsProxy } from "./tls-proxy.ts";

// LIGHTHOUSE_PAGES="/,/terms" audits only those pages (while working on them; the report then has only their rows).
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? ["/", "/claim", "/terms", "/privacy", "/google-info"];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const OUTPUT = path.join(ROOT, "docs/benchmarks/frontend.md");
const EARLIER_RUNS = "## Earlier runs";

/** Where Lighthouse reaches the app, and what its Chromium needs to trust there. */
interface Origin {
  name: string;
  url: string;
  chromiumFlags: string[];
}

interface PageResult {
  route: string;
  lhr: LighthouseResult;
  performanceScores: number[];
}

async function startApp(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-lighthouse-"));
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the app did not become ready within 180 s");
}

async function audit(origin: Origin, route: string): Promise<PageResult> {
  const runs: LighthouseResult[] = [];
  let failures = 0;
  while (runs.length < RUNS) {
    const lhr = await auditOnce(`${origin.url}${route}`, origin.chromiumFlags);
    if (typeof lhr === "string") {
      // On a loaded machine a trace now and then comes back broken (NO_NAVSTART); such a run is repeated, not counted.
      console.log(`[lighthouse] ${origin.name} ${route} run failed, repeating it: ${lhr}`);
      if (++failures > RUNS) throw new Error(`Lighthouse failed on ${route} ${failures} times: ${lhr}`);
      continue;
    }
    runs.push(lhr);
    console.log(
      `[lighthouse] ${origin.name} ${route} run ${runs.length}/${RUNS}: performance ${score(lhr, "performance")}`,
    );
  }
  return { route, lhr: computeMedianRun(runs), performanceScores: runs.map((lhr) => score(lhr, "performance")) };
}

/** One run in a fresh browser (no warm HTTP or code cache); a failed run comes back as its error message. */
async function auditOnce(pageUrl: string, extraFlags: string[]): Promise<LighthouseResult | string> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...chromiumFlags(), ...extraFlags],
  });
  try {
    const result = await lighthouse(pageUrl, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result) return "Lighthouse returned no result";
    return result.lhr.runtimeError ? `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}` : result.lhr;
  } finally {
    chrome.kill();
  }
}

function score(lhr: LighthouseResult, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function numeric(lhr: LighthouseResult, auditId: string): number {
  return lhr.audits[auditId]?.numericValue ?? Number.NaN;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function table(results: PageResult[]): string[] {
  const rows = results.map(({ route, lhr, performanceScores }) =>
    [
      `\`${route}\``,
      `${score(lhr, "performance")} (${performanceScores.join(", ")})`,
      seconds(numeric(lhr, "first-contentful-paint")),
      seconds(numeric(lhr, "largest-contentful-paint")),
      `${Math.round(numeric(lhr, "total-blocking-time"))} ms`,
      numeric(lhr, "cumulative-layout-shift").toFixed(3),
      `${Math.round(numeric(lhr, "total-byte-weight") / 1024).toLocaleString("en")} KiB`,
      score(lhr, "accessibility"),
      score(lhr, "best-practices"),
      score(lhr, "seo"),
    ].join(" | "),
  );
  return [
    "| page | performance | FCP | LCP | TBT | CLS | transferred | accessibility | best practices | SEO |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map((row) => `| ${row} |`),
  ];
}

function report(byOrigin: Map<Origin, PageResult[]>, lighthouseVersion: string, chromeVersion: string): string {
  return [
    "# Frontend benchmark (Lighthouse, mobile)",
    "",
    `Written by \`npm run lighthouse\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse ${lighthouseVersion}, ${chromeVersion} (headless),`,
    `Node ${process.version}, ${os.cpus().length} cores shared with other work (load average ${os.loadavg()[0]?.toFixed(1)} at the end). Mobile preset (emulated Moto G Power, simulated slow 4G),`,
    `against \`npm start\` (the built frontend served by the app). Each page ran ${RUNS} times in a fresh browser; the row is`,
    "Lighthouse's median run, the brackets list every run's performance score. Timings on a shared machine are noisy.",
    ...[...byOrigin].flatMap(([origin, results]) => ["", `### ${origin.name}`, "", ...table(results)]),
    "",
  ].join("\n");
}

/** Keeps the hand-kept section of earlier results (before/after a change) below the new table. */
function withEarlierRuns(latest: string, previous: string): string {
  const kept = previous.indexOf(EARLIER_RUNS);
  return kept === -1 ? latest : `${latest}\n${previous.slice(kept)}`;
}

const require = createRequire(import.meta.url);
const lighthouseVersion = (require("lighthouse/package.json") as { version: string }).version;
const { url, child } = await startApp();
let proxy: TlsProxy | undefined;
try {
  const origins: Origin[] = [];
  if (await nginxInstalled()) {
    proxy = await startTlsProxy(url);
    origins.push({ name: "HTTP/2 over TLS (nginx in front, as in production)", ...proxy });
  } else {
    console.log(
      `[lighthouse] nginx is not installed, so only HTTP/1.1 is measured; to add HTTP/2: ${NGINX_INSTALL_HINT}`,
    );
  }
  origins.push({ name: "HTTP/1.1 (straight to the app)", url, chromiumFlags: [] });
  const byOrigin = new Map(origins.map((origin) => [origin, [] as PageResult[]]));
  for (const route of PAGES) for (const origin of origins) byOrigin.get(origin)?.push(await audit(origin, route));
  const chromeVersion =
    [...byOrigin.values()][0]?.[0]?.lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? "Chromium";
  const markdown = report(byOrigin, lighthouseVersion, chromeVersion.replace("Chrome/", "Chromium "));
  await fs.writeFile(OUTPUT, withEarlierRuns(markdown, await fs.readFile(OUTPUT, "utf8").catch(() => "")));
  console.log(markdown);
} finally {
  await proxy?.stop();
  if (child.pid) process.kill(-child.pid, "SIGTERM");
}
