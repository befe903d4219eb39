/** `npm run lighthouse`: the mobile preset on each page against `npm start`, through an HTTP/2 TLS proxy and straight.
 * Writes the median runs to docs/benchmarks/frontend.md, keeping its "Earlier runs". */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result as LighthouseResult } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { CHROMIUM_PATH, chromiumFlags } from "@tube/local-world/chromium";
import { freePort } from "@tube/local-world/free-port";
import { table, untilReady } from "./stats.ts";
import { startTlsProxy } from "./tls-proxy.ts";

// LIGHTHOUSE_PAGES="/,/terms" audits only those pages.
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? ["/", "/claim", "/terms", "/privacy", "/google-info"];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const OUTPUT = path.join(ROOT, "docs/benchmarks/frontend.md");
const EARLIER_RUNS = "## Earlier runs";
const COLUMNS = "page|performance|FCP|LCP|TBT|CLS|transferred|accessibility|best practices|SEO".split("|");

type Origin = { name: string; url: string; chromiumFlags: string[] };

let browser = "Chromium";

const score = (lhr: LighthouseResult, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: LighthouseResult, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The median run as a table row, every run's performance in brackets. */
async function audit(origin: Origin, route: string) {
  const runs: LighthouseResult[] = [];
  for (let failures = 0; runs.length < RUNS;) {
    const lhr = await auditOnce(`${origin.url}${route}`, origin.chromiumFlags);
    if (typeof lhr === "string") {
      // On a loaded machine a trace may come back broken (NO_NAVSTART).
      console.log(`[lighthouse] ${origin.name} ${route} run failed, repeating it: ${lhr}`);
      if (++failures > RUNS) throw new Error(`Lighthouse failed on ${route} ${failures} times: ${lhr}`);
      continue;
    }
    runs.push(lhr);
    console.log(
      `[lighthouse] ${origin.name} ${route} ${runs.length}/${RUNS}: performance ${score(lhr, "performance")}`,
    );
  }
  const lhr = computeMedianRun(runs);
  browser = lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0].replace("Chrome/", "Chromium ") ?? browser;
  return [
    `\`${route}\``,
    `${score(lhr, "performance")} (${runs.map((run) => score(run, "performance")).join(", ")})`,
    seconds(numeric(lhr, "first-contentful-paint")),
    seconds(numeric(lhr, "largest-contentful-paint")),
    `${Math.round(numeric(lhr, "total-blocking-time"))} ms`,
    numeric(lhr, "cumulative-layout-shift").toFixed(3),
    `${Math.round(numeric(lhr, "total-byte-weight") / 1024).toLocaleString("en")} KiB`,
    ...["accessibility", "best-practices", "seo"].map((category) => String(score(lhr, category))),
  ];
}

/** One run in a fresh browser; a failed run comes back as its error message. */
async function auditOnce(pageUrl: string, extraFlags: string[]) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...chromiumFlags(), ...extraFlags],
  });
  try {
    const result = await lighthouse(pageUrl, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result) return "Lighthouse returned no result";
    const error = result.lhr.runtimeError;
    return error ? `${error.code}: ${error.message}` : result.lhr;
  } finally {
    chrome.kill();
  }
}

const port = await freePort();
const url = `http://localhost:${port}`;
const proxy = await startTlsProxy(url);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-lighthouse-"));
const env = { ...process.env, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir };
const child = spawn("npm", ["start"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"], detached: true });
try {
  await untilReady(url, child, 180_000);
  const origins = [
    { name: "HTTP/2 over TLS (a proxy in front, as in production)", ...proxy },
    { name: "HTTP/1.1 (straight to the app)", url, chromiumFlags: [] },
  ];
  // Origins in turn per page, so they share the machine's load alike.
  const rows = origins.map(() => [] as string[][]);
  for (const route of PAGES) for (const [i, origin] of origins.entries()) rows[i]!.push(await audit(origin, route));
  const tables = origins.flatMap((origin, i) => ["", `### ${origin.name}`, "", table(COLUMNS, rows[i]!)]);
  const version = (createRequire(import.meta.url)("lighthouse/package.json") as { version: string }).version;
  const markdown = [
    "# Frontend benchmark (Lighthouse, mobile)",
    "",
    `Written by \`npm run lighthouse\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse ${version}, ${browser} (headless), Node ${process.version}, ${os.cpus().length} cores (load average ${os.loadavg()[0]?.toFixed(1)} at the end). Mobile preset (Moto G Power, slow 4G) against \`npm start\`, ${RUNS} runs a page, each in a fresh browser: the median run, each run's performance in brackets.`,
    ...tables,
    "",
  ].join("\n");
  const previous = await fs.readFile(OUTPUT, "utf8").catch(() => "");
  const kept = previous.indexOf(EARLIER_RUNS);
  await fs.writeFile(OUTPUT, kept === -1 ? markdown : `${markdown}\n${previous.slice(kept)}`);
  console.log(markdown);
} finally {
  await proxy.stop();
  if (child.pid) process.kill(-child.pid, "SIGTERM");
}
