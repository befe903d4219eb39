/**
 * `npm run bench`: what a claim costs and how far the app scales, on this machine, with the real
 * server in its own process against the local world. Every figure is median (min–max) over
 * BENCH_ROUNDS rounds; ratios are taken within a round, since the machine is shared and its load
 * moves between rounds. Rewrites docs/benchmarks/claims.md. Timings never go into tests.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { startBenchWorld } from "./bench-world.ts";
import { coldStartPhase } from "./cold-start.phase.ts";
import { contentionPhase } from "./contention.phase.ts";
import { growthPhase } from "./growth.phase.ts";
import { quotaPhase } from "./quota.phase.ts";
import { readsPhase } from "./reads.phase.ts";
import { throughputPhase } from "./throughput.phase.ts";

const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));
const RESTART_SIZE = 100_000;
/** Every viewer claims once: quota, batches, races and growth rounds together stay below this. */
const VIEWERS = 1_500;
const OUTPUT = path.resolve(import.meta.dirname, "../../../docs/benchmarks/claims.md");

const started = Date.now();
const loadBefore = os.loadavg();
const sections: string[] = [];
const section = (markdown: string) => {
  console.log(`\n${markdown}\n`);
  sections.push(markdown);
};

const world = await startBenchWorld({ viewers: VIEWERS });
let restartWithClaims: number[] = [];
try {
  const quota = await quotaPhase(world, ROUNDS);
  section(quota.markdown);
  section(await readsPhase(world, ROUNDS, quota.claimed));
  section(await throughputPhase(world, ROUNDS));
  section(await contentionPhase(world, ROUNDS));
  const growth = await growthPhase(world, ROUNDS);
  section(growth.markdown);
  restartWithClaims = growth.restartMsBySize.get(RESTART_SIZE) ?? [];
} finally {
  await world.stop();
}
section(await coldStartPhase(ROUNDS, { claims: RESTART_SIZE, ms: restartWithClaims }));

const minutes = (Date.now() - started) / 60_000;
const report = [
  "# Claim benchmark",
  "",
  `Run ${new Date(started).toISOString()} in ${minutes.toFixed(1)} min by \`${benchSettings()}npm run bench\`, at commit ${gitCommit()}.`,
  "",
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}. ` +
    `**Shared and loaded**: other engineers ran test suites on it at the same time (load average ${loadBefore.map((l) => l.toFixed(1)).join(" / ")} at the start, ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")} at the end), so absolute figures are noisy; compare ratios within a run.`,
  "",
  `Versions: Node ${process.version}, ${versions(["express", "pino", "pino-http", "autocannon", "thirdweb"])}, SQLite ${sqliteVersion()}, ${anvilVersion()}. ` +
    "App: the real server (SQLite store, LOG_LEVEL=info, RATE_LIMIT_PER_MINUTE lifted, production's follow, reconcile and lease intervals) in its own process; the Google and Engine stand-ins and anvil (a block a second) in others.",
  "",
  "Each figure is **median (min–max)** over the rounds.",
  "",
  ...sections.flatMap((markdown) => [markdown, ""]),
].join("\n");
await fs.mkdir(path.dirname(OUTPUT), { recursive: true });
await fs.writeFile(OUTPUT, report);
console.log(`\nWrote ${path.relative(process.cwd(), OUTPUT)} (${minutes.toFixed(1)} min).`);

/** The BENCH_* settings this run was given, as they would be typed before the command. */
function benchSettings(): string {
  return Object.entries(process.env)
    .filter(([key]) => key.startsWith("BENCH_"))
    .map(([key, value]) => `${key}=${value} `)
    .join("");
}

function gitCommit(): string {
  return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
}

function versions(packages: string[]): string {
  const require = createRequire(import.meta.url);
  return packages
    .map((name) => {
      const manifest = require.resolve(`${name}/package.json`, {
        paths: [path.resolve(import.meta.dirname, "../../../backend"), import.meta.dirname],
      });
      return `${name} ${(require(manifest) as { version: string }).version}`;
    })
    .join(", ");
}

function sqliteVersion(): string {
  return process.versions.sqlite ?? "unknown";
}

function anvilVersion(): string {
  const binary = path.resolve(import.meta.dirname, "../../../node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil");
  try {
    return execFileSync(binary, ["--version"], { encoding: "utf8" }).split("\n")[0]?.trim() ?? "anvil";
  } catch {
    return "anvil (version unknown)";
  }
}
