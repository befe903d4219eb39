import type { Connection } from "mongoose";
import type { BudgetCounter } from "../budget-counter.ts";
import { CLAIMS_COLLECTION } from "./mongo-claim-repository.ts";
import { whenReachable } from "./mongo-outage.ts";

/** The budget counter's collection and its one document. */
const BUDGET_COLLECTION = "claim_budget";
const BUDGET_ID = "claims";

interface BudgetDocument {
  _id: string;
  used: number;
}

export async function openMongoBudgetCounter(connection: Connection): Promise<BudgetCounter> {
  const budget = connection.collection<BudgetDocument>(BUDGET_COLLECTION);
  // Seeded once with every claim reserved so far (a failed claim keeps its slot); later opens change nothing.
  await budget.updateOne(
    { _id: BUDGET_ID },
    { $setOnInsert: { used: await connection.collection(CLAIMS_COLLECTION).countDocuments() } },
    { upsert: true },
  );
  return {
    takeSlot: (limit) =>
      whenReachable(async () => {
        // One conditional findOneAndUpdate: MongoDB applies the filter and the $inc atomically on the document.
        const taken = await budget.findOneAndUpdate({ _id: BUDGET_ID, used: { $lt: limit } }, { $inc: { used: 1 } });
        return taken !== null;
      }),
    releaseSlot: () =>
      whenReachable(async () => {
        await budget.updateOne({ _id: BUDGET_ID, used: { $gt: 0 } }, { $inc: { used: -1 } });
      }),
    slotsUsed: () => whenReachable(async () => (await budget.findOne({ _id: BUDGET_ID }))?.used ?? 0),
  };
}
