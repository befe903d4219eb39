/**
 * `npm run bench`: claim latency and throughput against the local world, over
 * HTTP, with the real server. Absolute numbers depend on the machine; the
 * ratios within one run (concurrent vs sequential, duplicate vs fresh) are what
 * to compare across changes. Writes docs/benchmarks/claims.md.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { randomWallet } from "@tube/local-world/mint-log";
import { startTestWorld, type TestWorld } from "@tube/backend/test/test-world";

const CLAIMS_PER_PHASE = Number(process.env.BENCH_CLAIMS ?? 20);
const DUPLICATES = 200;
const OUTPUT = path.resolve(import.meta.dirname, "../../../docs/benchmarks/claims.md");

interface Timing {
  toAccepted: number;
  toConfirmed: number;
}

async function post(world: TestWorld, route: string, body: unknown): Promise<{ status: number; body: { claimId?: string } }> {
  const response = await fetch(`${world.url}${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { claimId?: string } };
}

async function claimOnce(world: TestWorld, token: string): Promise<Timing> {
  const started = performance.now();
  const accepted = await post(world, "/api/verify-and-mint", { walletAddress: randomWallet(), oauthAccessToken: token });
  const toAccepted = performance.now() - started;
  if (accepted.status !== 202 || !accepted.body.claimId) throw new Error(`claim refused: ${accepted.status}`);
  for (;;) {
    const view = (await (await fetch(`${world.url}/api/claims/${accepted.body.claimId}`)).json()) as { status: string };
    if (view.status === "confirmed") return { toAccepted, toConfirmed: performance.now() - started };
    if (view.status === "failed") throw new Error("mint failed");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

// Status reads only report (ADR 4): the reconciler moves claims on, so its interval paces "confirmed".
const world = await startTestWorld({ subscribers: CLAIMS_PER_PHASE * 2 + 1, env: { RECONCILE_INTERVAL_MS: "250" } });
try {
  const tokens: string[] = [];
  for (let i = 1; i <= CLAIMS_PER_PHASE * 2 + 1; i++) tokens.push(await world.signIn(`viewer${i}@example.com`));

  const sequentialStart = performance.now();
  const sequential: Timing[] = [];
  for (const token of tokens.slice(0, CLAIMS_PER_PHASE)) sequential.push(await claimOnce(world, token));
  const sequentialSeconds = (performance.now() - sequentialStart) / 1000;

  const concurrentStart = performance.now();
  const concurrent = await Promise.all(tokens.slice(CLAIMS_PER_PHASE, CLAIMS_PER_PHASE * 2).map((token) => claimOnce(world, token)));
  const concurrentSeconds = (performance.now() - concurrentStart) / 1000;

  const duplicateWallet = randomWallet();
  const duplicateToken = tokens[CLAIMS_PER_PHASE * 2] as string;
  const duplicateStart = performance.now();
  const duplicates = await Promise.all(
    Array.from({ length: DUPLICATES }, () => post(world, "/api/verify-and-mint", { walletAddress: duplicateWallet, oauthAccessToken: duplicateToken })),
  );
  const duplicateSeconds = (performance.now() - duplicateStart) / 1000;
  const acceptedDuplicates = duplicates.filter((response) => response.status === 202).length;

  const row = (name: string, timings: Timing[], seconds: number) =>
    `| ${name} | ${timings.length} | ${percentile(timings.map((t) => t.toAccepted), 50).toFixed(0)} | ${percentile(timings.map((t) => t.toAccepted), 95).toFixed(0)} | ${percentile(timings.map((t) => t.toConfirmed), 50).toFixed(0)} | ${percentile(timings.map((t) => t.toConfirmed), 95).toFixed(0)} | ${(timings.length / seconds).toFixed(1)} |`;
  const report = [
    "# Claim benchmark",
    "",
    `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, SQLite store, local Google and Engine stand-ins, anvil (automine).`,
    "Command: `npm run bench` (BENCH_CLAIMS=" + CLAIMS_PER_PHASE + "). Latencies in ms, measured over HTTP from the same machine.",
    "",
    "| phase | claims | accepted p50 | accepted p95 | confirmed p50 | confirmed p95 | claims/s |",
    "|---|---|---|---|---|---|---|",
    row("sequential", sequential, sequentialSeconds),
    row("concurrent", concurrent, concurrentSeconds),
    "",
    `- Concurrent / sequential throughput ratio: **${(CLAIMS_PER_PHASE / concurrentSeconds / (CLAIMS_PER_PHASE / sequentialSeconds)).toFixed(2)}×**.`,
    `- ${DUPLICATES} simultaneous claims for one wallet: ${acceptedDuplicates} accepted, ${DUPLICATES - acceptedDuplicates} answered alreadyClaimed, in ${(duplicateSeconds * 1000).toFixed(0)} ms (${(DUPLICATES / duplicateSeconds).toFixed(0)} requests/s).`,
    "",
    "Each claim costs one tokeninfo call and one YouTube call (stand-ins here; real Google adds its own latency and quota: 1 unit per claim of the 10,000-unit default daily quota), one insert, one Engine write and status polls.",
    "",
  ].join("\n");
  await fs.mkdir(path.dirname(OUTPUT), { recursive: true });
  await fs.writeFile(OUTPUT, report);
  console.log(report);
} finally {
  await world.stop();
}
