/**
 * `npm run bench`: what a claim costs and how far the app scales, on this machine, with the real
 * server in its own process against the local world. Every figure is median (min–max) over
 * BENCH_ROUNDS rounds; ratios are taken within a round, since the machine is shared and its load
 * moves between rounds. Rewrites docs/benchmarks/claims.md. Timings never go into tests.
 *
 * BENCH_PHASES (comma-separated, e.g. `reads,throughput`) runs only those phases, to check a change without the full
 * run; such a partial run prints its tables and leaves the page alone, since the page is one run's figures.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "@tube/backend/config";
import { BLOCK_SECONDS, ENGINE_SEND_LATENCY_MS, startBenchWorld } from "./bench-world.ts";
import { costSection, headroomSection } from "./budget.ts";
import { coldStartPhase } from "./cold-start.phase.ts";
import { contentionPhase } from "./contention.phase.ts";
import { finalityPhase, type FinalityResult } from "./finality.phase.ts";
import { growthPhase } from "./growth.phase.ts";
import { quotaPhase } from "./quota.phase.ts";
import { readsPhase } from "./reads.phase.ts";
import { percentile } from "./stats.ts";
import { throughputPhase, type BatchResult } from "./throughput.phase.ts";
import { visitorPhase } from "./visitor.phase.ts";
import { buildFrontend } from "../build-frontend.ts";

const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));
const RESTART_SIZE = 100_000;
const OUTPUT = path.resolve(import.meta.dirname, "../../../docs/benchmarks/claims.md");
const PHASES = ["visitor", "quota", "reads", "throughput", "contention", "growth", "finality", "cold-start"] as const;
type Phase = (typeof PHASES)[number];
const selected = selectedPhases(process.env.BENCH_PHASES);
const runs = (phase: Phase) => selected.has(phase);
const partial = selected.size < PHASES.length;

const started = Date.now();
const loadBefore = os.loadavg();
const sections: string[] = [];
const section = (markdown: string) => {
  console.log(`\n${markdown}\n`);
  sections.push(markdown);
};

// The visitor phase walks the built page.
if (runs("visitor")) await buildFrontend();
const world = await startBenchWorld();
const config = loadConfig(world.env as NodeJS.ProcessEnv);
let restartWithClaims: number[] = [];
// The figures the quota's budget sections read, from whichever phases ran.
let gasUsed: bigint[] | undefined;
let unitsPerClaim: number[] | undefined;
let throughput: BatchResult[] | undefined;
let provider: FinalityResult[] | undefined;
try {
  // First, while the app is fresh: the others leave thousands of claims behind.
  if (runs("visitor")) {
    const visitor = await visitorPhase(world);
    section(visitor.markdown);
    gasUsed = visitor.gasUsed;
  }
  if (runs("quota") || runs("reads")) {
    // The reads read the claim the quota phase made.
    const quota = await quotaPhase(world, ROUNDS);
    if (runs("quota")) {
      section(quota.markdown);
      unitsPerClaim = quota.unitsPerClaim;
    }
    if (runs("reads")) section(await readsPhase(world, ROUNDS, quota.claimed));
  }
  if (runs("throughput")) {
    const measured = await throughputPhase(world, ROUNDS);
    section(measured.markdown);
    throughput = measured.results;
  }
  if (runs("contention")) section(await contentionPhase(world, ROUNDS));
  if (runs("growth")) {
    const growth = await growthPhase(world, ROUNDS);
    section(growth.markdown);
    restartWithClaims = growth.restartMsBySize.get(RESTART_SIZE) ?? [];
  }
} finally {
  await world.stop();
}
// Its own world: the app waits for `safe` and reaches the chain through a provider's limits.
if (runs("finality")) {
  const measured = await finalityPhase(ROUNDS);
  section(measured.markdown);
  provider = measured.results;
}
if (runs("cold-start")) section(await coldStartPhase(ROUNDS, { claims: RESTART_SIZE, ms: restartWithClaims }));
if (throughput)
  // Without the quota phase, its target: one unit a claim.
  section(headroomSection(config, unitsPerClaim ? percentile(unitsPerClaim, 50) : 1, throughput));
const costs = costSection({ unitsPerClaim, provider, gasUsed });
if (costs) section(costs);

const minutes = (Date.now() - started) / 60_000;
const report = [
  "# Claim benchmark",
  "",
  `Run ${new Date(started).toISOString()} in ${minutes.toFixed(1)} min by \`${benchSettings()}npm run bench\`, at commit ${gitCommit()}.`,
  "",
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}. ${loadNote(loadBefore, os.loadavg(), os.cpus().length)}`,
  "",
  `Versions: Node ${process.version}, ${versions(["express", "pino", "pino-http", "autocannon", "thirdweb"])}, SQLite ${sqliteVersion()}, ${anvilVersion()}. ` +
    `App: the real server (SQLite store, LOG_LEVEL=info, RATE_LIMIT_PER_MINUTE lifted, production's follow, reconcile and lease intervals) in its own process; the Google and Engine stand-ins (Engine sending ${ENGINE_SEND_LATENCY_MS} ms after each write) and anvil (a block every ${BLOCK_SECONDS} s) in others.`,
  "",
  "Each figure is **median (min–max)** over the rounds.",
  "",
  ...sections.flatMap((markdown) => [markdown, ""]),
].join("\n");
if (partial) {
  console.log(`\n${report.slice(0, report.indexOf("Each figure"))}Partial run: ${OUTPUT} left as it was.`);
} else {
  await fs.mkdir(path.dirname(OUTPUT), { recursive: true });
  await fs.writeFile(OUTPUT, report);
  console.log(`\nWrote ${path.relative(process.cwd(), OUTPUT)} (${minutes.toFixed(1)} min).`);
}

/**
 * The machine's load as measured (1, 5 and 15-minute load averages at the start and the end), and what it means for
 * the figures: busy once the 1-minute average at either end reaches the core count.
 */
function loadNote(before: number[], after: number[], cores: number): string {
  const format = (load: number[]) => load.map((l) => l.toFixed(1)).join(" / ");
  const busy = Math.max(before[0] ?? 0, after[0] ?? 0) >= cores;
  return `Load average ${format(before)} at the start, ${format(after)} at the end, on ${cores} cores: ${
    busy
      ? "**loaded** (other work ran on the machine at the same time), so absolute figures are noisy; compare ratios within a run."
      : "quiet enough that the figures are the app's own."
  }`;
}

/** Every phase unless BENCH_PHASES names some; a name that is not a phase stops the run before anything starts. */
function selectedPhases(setting: string | undefined): Set<Phase> {
  if (!setting) return new Set(PHASES);
  const names = setting.split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !(PHASES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`BENCH_PHASES: unknown ${unknown.join(", ")}; phases are ${PHASES.join(", ")}`);
  return new Set(names as Phase[]);
}

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
