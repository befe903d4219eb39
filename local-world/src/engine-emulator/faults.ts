/**
 * Failures the Engine emulator can be told to produce, so tests can drive the server's recovery paths.
 * - http500: the next `count` writes answer 500 and queue nothing.
 * - timeout: the next `count` writes are queued but their answer is held until the client gives up (a lost response).
 * - failed: the next `count` new transactions end FAILED without reaching the chain.
 * - revert: the next `count` new transactions are sent with too little gas, so they revert on chain (FAILED with a hash).
 * - failedThenMined: the next `count` new transactions are sent, then reported FAILED (with their hash) while the chain mines them.
 * - stuckSubmitted: the next `count` new transactions are sent and mined, but Engine reports them SUBMITTED for ever.
 * - listLag: the next `count` new transactions are missing from `GET /v1/transactions` for their first few reads.
 */
export const FAULT_MODES = [
  "http500",
  "timeout",
  "failed",
  "revert",
  "failedThenMined",
  "stuckSubmitted",
  "listLag",
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface Fault {
  mode: FaultMode;
  count: number;
}

export interface FaultControl {
  /** Replaces any pending fault. */
  set(fault: Fault): void;
  clear(): void;
  /** The fault still to happen, with the remaining count. */
  pending(): Fault | null;
}

export interface FaultSwitch extends FaultControl {
  /** True (and one fewer left) when the pending fault has this mode. */
  take(mode: FaultMode): boolean;
}

export function createFaultSwitch(): FaultSwitch {
  let current: Fault | null = null;
  return {
    set(fault) {
      current = fault.count > 0 ? { ...fault } : null;
    },
    clear() {
      current = null;
    },
    pending() {
      return current ? { ...current } : null;
    },
    take(mode) {
      if (current?.mode !== mode) return false;
      current.count -= 1;
      if (current.count <= 0) current = null;
      return true;
    },
  };
}

export function parseFault(value: unknown): Fault | null {
  if (typeof value !== "object" || value === null) return null;
  const { mode, count } = value as Record<string, unknown>;
  if (!FAULT_MODES.includes(mode as FaultMode)) return null;
  const times = count === undefined ? 1 : count;
  if (typeof times !== "number" || !Number.isInteger(times) || times < 0) return null;
  return { mode: mode as FaultMode, count: times };
}
