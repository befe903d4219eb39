/**
 * `npm run census -- <command…>` (default: `npm test`): runs the command and reports the CPU time (user + system) of
 * every process it starts, grouped by what the process is, with the wall time and the cores kept busy on average.
 * `/usr/bin/time` undercounts a test run: Chromium's renderer and GPU processes are not waited for by the process
 * that started them, so their CPU (once more than half of `npm test`'s) never reaches it. This reads /proc instead
 * (Linux only), four times a second; a process that lives less than that is missed, which the stages' totals show.
 * CPU time moves little with the machine's load, so it is what to compare on a shared machine (see
 * docs/benchmarks/test-suite.md).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SAMPLE_EVERY_MS = 250;
const TICKS_PER_SECOND = 100;
const PRELOAD_FLAGS = new Set(["--require", "-r", "--import", "--loader"]);

interface ProcessSeen {
  kind: string;
  cpuSeconds: number;
}

/** Fields of /proc/<pid>/stat after the command name, which may itself hold spaces and parentheses. */
function readStat(pid: string): { parent: string; cpuSeconds: number; startedAt: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { parent: fields[1]!, cpuSeconds: ticks / TICKS_PER_SECOND, startedAt: fields[19]! };
  } catch {
    return null; // it ended between the listing and the read
  }
}

function kindOf(pid: string): string | null {
  let args: string[];
  try {
    args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  } catch {
    return null;
  }
  if (args.length === 0) return null; // a process that has ended and not yet been waited for
  const command = args.join(" ");
  const chromiumType = /--type=(\S+)/.exec(command)?.[1];
  if (/chrom/.test(args[0] ?? "")) return `chromium ${chromiumType ?? "browser"}`;
  const program = path.basename(args[0] ?? "unknown");
  if (program !== "node") return program;
  // A Node process is named by its script (past the flags and the modules they preload), relative to the repository.
  const script = args.slice(1).find((arg, index, rest) => !arg.startsWith("-") && !PRELOAD_FLAGS.has(rest[index - 1]!));
  if (!script) return `node ${args.slice(1).join(" ").slice(0, 60)}`;
  return `node ${path.relative(ROOT, script).replace(/^node_modules\/(\.bin\/)?/, "")}`;
}

const command = process.argv.length > 2 ? process.argv.slice(2) : ["npm", "test"];
const startedAt = performance.now();
const child = spawn(command[0]!, command.slice(1), { cwd: process.cwd(), stdio: "inherit" });
const ours = new Set<string>([String(child.pid)]);
const seen = new Map<string, ProcessSeen>(); // by pid and start time: pids are reused

function sample(): void {
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = readStat(pid);
    if (!stat) continue;
    if (!ours.has(pid)) {
      if (!ours.has(stat.parent)) continue;
      ours.add(pid);
    }
    const key = `${pid}@${stat.startedAt}`;
    // Named again at every sample: a wrapper script (Debian's chromium is one) becomes what it execs.
    const kind = kindOf(pid) ?? seen.get(key)?.kind ?? "unknown";
    seen.set(key, { kind, cpuSeconds: stat.cpuSeconds });
  }
}

const sampler = setInterval(sample, SAMPLE_EVERY_MS);
const exitCode = await new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
clearInterval(sampler);

const byKind = new Map<string, { cpuSeconds: number; processes: number }>();
for (const { kind, cpuSeconds } of seen.values()) {
  const entry = byKind.get(kind) ?? { cpuSeconds: 0, processes: 0 };
  entry.cpuSeconds += cpuSeconds;
  entry.processes += 1;
  byKind.set(kind, entry);
}
const rows = [...byKind].sort(([, a], [, b]) => b.cpuSeconds - a.cpuSeconds);
const total = rows.reduce((sum, [, entry]) => sum + entry.cpuSeconds, 0);
const wallSeconds = (performance.now() - startedAt) / 1000;
console.log(`\nCPU census of: ${command.join(" ")}`);
for (const [kind, { cpuSeconds, processes }] of rows.filter(([, entry]) => entry.cpuSeconds >= 0.5)) {
  console.log(`${cpuSeconds.toFixed(1).padStart(8)} s  ${String(processes).padStart(4)}×  ${kind}`);
}
console.log(
  `${total.toFixed(1).padStart(8)} s of CPU in ${wallSeconds.toFixed(0)} s: ${(total / wallSeconds).toFixed(2)} cores busy on average`,
);
process.exitCode = exitCode;
