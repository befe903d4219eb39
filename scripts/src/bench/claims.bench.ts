/** `npm run bench` writes docs/benchmarks/claims.md: the visitor's wait, a claim's cost, quota-bound peak headroom. */
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "@tube/backend/config";
import { startBenchWorld } from "./bench-world.ts";
import { costSection, headroomSection } from "./budget.ts";
import { quotaPhase } from "./quota.phase.ts";
import { percentile } from "./stats.ts";
import { finalityPhase, throughputPhase, type BatchResult } from "./throughput.phase.ts";
import { tapsPhase, visitorPhase } from "./visitor.phase.ts";
import { buildFrontend } from "../build-frontend.ts";

const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));
const OUTPUT = path.resolve(import.meta.dirname, "../../../docs/benchmarks/claims.md");

const started = Date.now();
const loadBefore = os.loadavg()[0] ?? 0;
const sections: string[] = [];
const shown = <T extends { markdown: string }>(phase: T) => {
  console.log(`\n${phase.markdown}\n`);
  sections.push(phase.markdown);
  return phase;
};

await buildFrontend();
const world = await startBenchWorld();
const config = loadConfig(world.env as NodeJS.ProcessEnv);
let gasUsed: bigint[];
let unitsPerClaim: number[];
let throughput: BatchResult[];
try {
  gasUsed = shown(await visitorPhase(world)).gasUsed;
  unitsPerClaim = shown(await quotaPhase(world, ROUNDS)).unitsPerClaim;
  throughput = shown(await throughputPhase(world, ROUNDS)).results;
} finally {
  await world.stop();
}
shown(await tapsPhase());
const provider = shown(await finalityPhase(ROUNDS)).results;
shown({ markdown: headroomSection(config, percentile(unitsPerClaim, 50), throughput) });
shown({ markdown: costSection(unitsPerClaim, provider, gasUsed) });

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const cores = os.cpus().length;
const load = Math.max(loadBefore, os.loadavg()[0] ?? 0);
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
const report = [
  "# Claim benchmark",
  "",
  `Run ${new Date(started).toISOString()} in ${minutes} min by \`npm run bench\` at commit ${commit}, on ${cores} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}. Highest 1-minute load average ${load.toFixed(1)}: ${load >= cores ? "**loaded** (shared with other work): compare ratios within a run" : "quiet"}.`,
  "",
  "The real server (SQLite, logs at info, no rate limit), the stand-ins and anvil run in processes of their own. Each figure is **median (min–max)** over the rounds.",
  "",
  ...sections.flatMap((markdown) => [markdown, ""]),
].join("\n");
await fs.writeFile(OUTPUT, report);
console.log(`\nWrote ${path.relative(process.cwd(), OUTPUT)} (${minutes} min).`);
