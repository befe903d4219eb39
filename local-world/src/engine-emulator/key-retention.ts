import type { ExecutorType } from "./write-request.ts";

/** Engine's queues each keep their last 1,000 successful and failed jobs. */
export const RETAINED_JOBS_DEFAULT = 1000;

interface Job {
  id: string;
  executionParams: { type: ExecutorType };
}

/** Holds a key: relayed, until `retainedJobs` later jobs finished in its list; EOA, until picked up. */
export function createKeyRetention<T extends Job>(retainedJobs: number) {
  const holders = new Map<string, T>();
  // Newest first, per queue and outcome.
  const finishedLists = new Map<string, T[]>();

  const release = (transaction: T) => {
    if (holders.get(transaction.id) === transaction) holders.delete(transaction.id);
  };

  return {
    holder: (key: string) => holders.get(key) ?? null,
    hold: (transaction: T) => void holders.set(transaction.id, transaction),
    pickedUp(transaction: T) {
      if (transaction.executionParams.type === "EOA") release(transaction);
    },
    /** "success" once sent. */
    finished(transaction: T, outcome: "success" | "failed") {
      if (transaction.executionParams.type === "EOA") return;
      const name = `${transaction.executionParams.type}:${outcome}`;
      const list = [transaction, ...(finishedLists.get(name) ?? [])];
      for (const pruned of list.splice(retainedJobs)) release(pruned);
      finishedLists.set(name, list);
    },
  };
}
