/**
 * The verification progress: while the check runs, progress climbs by
 * 10 every 200 ms and stops at 90; the real result then sets a checkpoint.
 */
const PROGRESS_STEP = 10;
const PROGRESS_INTERVAL_MS = 200;
export const PROGRESS_CAP = 90;

export const VERIFY_CHECKPOINTS = {
  start: 0,
  notSubscribed: 50,
  subscribed: 95,
  done: 100,
} as const;

export function nextProgress(current: number): number {
  return Math.max(current, Math.min(current + PROGRESS_STEP, PROGRESS_CAP));
}

/** Calls `onTick` every interval until the returned stop function is called. */
export function startProgressTicker(onTick: () => void, intervalMs: number = PROGRESS_INTERVAL_MS): () => void {
  const timer = setInterval(onTick, intervalMs);
  return () => clearInterval(timer);
}
