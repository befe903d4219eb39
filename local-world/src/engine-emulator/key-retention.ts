import type { ExecutorType } from "./write-request.ts";

/**
 * engine-core `server/src/queue/manager.rs`: every queue keeps its last 1,000 successful and 1,000 failed jobs
 * (max_success, max_failed). The queues are Engine Cloud's own, shared by all its customers.
 */
export const RETAINED_JOBS_DEFAULT = 1000;

interface Job {
  id: string;
  executionParams: { type: ExecutorType };
}

/**
 * Which transaction a repeated idempotency key answers with. In engine-core the key is the transaction's id and, for
 * relayed writes, its send job's id (`server/src/execution_router/mod.rs`), and a repeat is dropped (answering 202 with
 * that id) only while the key is held:
 * - Relayed (EIP-7702, ERC-4337): the send queues deduplicate job ids for as long as the job is kept
 *   (IdempotencyMode::Permanent, `twmq/src/queue.rs`). A finished job goes to the head of its queue's success or
 *   failed list; once `retainedJobs` later jobs finished in that list, it is pruned and its id leaves the dedupe set
 *   (`twmq/src/lib.rs`, the trim scripts after completion and failure). A repeat after that queues and sends anew.
 * - EOA: the EOA store adds a transaction with HSET and ZADD, with no check for one already there
 *   (`executors/src/eoa/store/mod.rs`, add_transaction), so a repeat is absorbed only while the transaction is still
 *   pending; once the EOA worker has picked it up, a repeat sends it again.
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
