/**
 * HTTP load from a separate process (autocannon's CLI), so the load generator's CPU is not
 * the bench's event loop and the server sees real sockets on loopback.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";

const run = promisify(execFile);
const AUTOCANNON = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers outside 2xx: a limiter or an error would make the figures meaningless. */
  non2xx: number;
}

export async function load(url: string, options: { seconds: number; connections: number }): Promise<LoadResult> {
  const { stdout } = await run(
    process.execPath,
    [AUTOCANNON, "--json", "--connections", String(options.connections), "--duration", String(options.seconds), url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    requestsPerSecond: report.requests.average,
    p50Ms: report.latency.p50,
    p99Ms: report.latency.p99,
    non2xx: report.non2xx + report.errors,
  };
}
