import type { ExecutorType } from "./write-request.ts";

/** engine-core `server/src/queue/manager.rs`: each queue keeps its last 1,000 successful and failed jobs. */
export const RETAINED_JOBS_DEFAULT = 1000;

interface Job {
  id: string;
  executionParams: { type: ExecutorType };
}

/**
 * Which transaction a repeated idempotency key (the transaction's id in engine-core) answers with, while it is held:
 * - relayed: while the send job is kept, until `retainedJobs` later jobs finished in its list (`twmq/src/lib.rs`);
 * - EOA: only until the worker picks it up (`executors/src/eoa/store/mod.rs`, add_transaction).
 */
export interface KeyRetention<T extends Job> {
  /** The transaction a write with this key answers with instead of queueing, or null when the key is free. */
  holder(key: string): T | null;
  /** A new transaction holds its key. */
  hold(transaction: T): void;
  /** The transaction was taken off the queue to be sent. */
  pickedUp(transaction: T): void;
  /** The transaction's send job ended: "success" once it was handed on (sent), "failed" otherwise. */
  finished(transaction: T, outcome: "success" | "failed"): void;
}

export function createKeyRetention<T extends Job>(retainedJobs: number): KeyRetention<T> {
  const holders = new Map<string, T>();
  // Newest first, per queue and outcome, as twmq's LPUSHed lists.
  const finishedLists = new Map<string, T[]>();

  const release = (transaction: T) => {
    if (holders.get(transaction.id) === transaction) holders.delete(transaction.id);
  };

  return {
    holder: (key) => holders.get(key) ?? null,
    hold: (transaction) => void holders.set(transaction.id, transaction),
    pickedUp(transaction) {
      if (transaction.executionParams.type === "EOA") release(transaction);
    },
    finished(transaction, outcome) {
      if (transaction.executionParams.type === "EOA") return;
      const name = `${transaction.executionParams.type}:${outcome}`;
      const list = [transaction, ...(finishedLists.get(name) ?? [])];
      for (const pruned of list.splice(retainedJobs)) release(pruned);
      finishedLists.set(name, list);
    },
  };
}
