import type { ServerTuning } from "../server.ts";

/**
 * What every test world's server runs on, in process or as a process of its own (tuned-server.ts): a killed server's
 * claims wait out its lease before another takes them over, 2 s here against production's 30 s, and the mint loop
 * passes every 100 ms against 500, so a test sees a claim through in a fraction of production's time.
 */
export const TEST_WORLD_TUNING = { mint: { leaseMs: 2_000, intervalMs: 100 } } as const satisfies ServerTuning;
