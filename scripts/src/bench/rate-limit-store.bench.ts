/**
 * `npx tsx scripts/src/bench/rate-limit-store.bench.ts`: what sharing the rate limit through SQLite costs.
 * Counts hits on the shared store (one UPSERT each, synchronous = NORMAL) from one process, then from two
 * processes on the same file at once, and writes docs/benchmarks/rate-limit-store.md.
 */
import { fork } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fixedWindowStore } from "@tube/backend/http/rate-limit/fixed-window-store";
import { openSqliteClaimStore } from "@tube/backend/store/sqlite/sqlite-claim-store";

const HITS = Number(process.env.BENCH_HITS ?? 5000);
const REPORT = path.resolve(import.meta.dirname, "../../../docs/benchmarks/rate-limit-store.md");

/** Hits `HITS` times over 100 client keys; resolves to hits per second. */
async function hammer(dataDir: string): Promise<number> {
  const claimStore = await openSqliteClaimStore({ dataDir });
  const store = fixedWindowStore("bench:", claimStore.rateLimits);
  store.init?.({ windowMs: 60_000 } as never);
  const started = performance.now();
  for (let i = 0; i < HITS; i++) await store.increment(`client-${i % 100}`);
  const seconds = (performance.now() - started) / 1000;
  await claimStore.close();
  return HITS / seconds;
}

if (process.argv[2] === "--child") {
  process.send?.(await hammer(process.argv[3] as string));
} else {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-rl-bench-"));
  const single = await hammer(dataDir);
  const pair = await Promise.all(
    [0, 1].map(
      () =>
        new Promise<number>((resolve, reject) => {
          const child = fork(import.meta.filename, ["--child", dataDir], { execArgv: ["--import", "tsx"] });
          child.once("message", (rate) => resolve(rate as number));
          child.once("error", reject);
        }),
    ),
  );
  await fs.rm(dataDir, { recursive: true, force: true });
  const [first, second] = pair as [number, number];
  const report = `# Shared rate-limit store (SQLite)

Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)} (shared machine).
Command: \`npx tsx scripts/src/bench/rate-limit-store.bench.ts\` (BENCH_HITS=${HITS}): ${HITS} hits over 100 client keys per process.

| processes on one file | hits/s per process | hits/s together |
|---|---|---|
| 1 | ${single.toFixed(0)} | ${single.toFixed(0)} |
| 2 | ${first.toFixed(0)}, ${second.toFixed(0)} | ${(first + second).toFixed(0)} |

Each API request costs one hit (one UPSERT … RETURNING under SQLite's write lock). The claim API's own throughput
(docs/benchmarks/claims.md) is a few dozen claims per second, so the shared counter is not what limits it.
`;
  await fs.writeFile(REPORT, report);
  console.log(report);
}
