import type { ServerTuning } from "../server.ts";

/**
 * What every test world's server runs on, in process or as a process of its own (tuned-server.ts): a killed server's
 * claims wait out its lease before another takes them over, 2 s here against production's 30 s; the mint loop
 * passes every 100 ms against 500; and an attempt that never rewarded the wallet is given up after 50 blocks against
 * 240, since the test chain mines a block per transaction (or per look of a test waiting on a crowd) where Arbitrum
 * makes four a second. A test sees a claim through in a fraction of production's time.
 */
export const TEST_WORLD_TUNING = {
  mint: { leaseMs: 2_000, intervalMs: 100, graceBlocks: 50n },
} as const satisfies ServerTuning;
