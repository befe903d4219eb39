import type { DatabaseSync } from "node:sqlite";
import type { BudgetCounter } from "../budget-counter.ts";
import { prepare } from "./sqlite-statement.ts";

/** The `claim_budget` table's one row, seeded by its migration with every claim reserved before it. */
export function sqliteBudgetCounter(db: DatabaseSync): BudgetCounter {
  // One statement each, so the check and the increment cannot be split by another writer.
  const take = prepare(db, "UPDATE claim_budget SET used = used + 1 WHERE id = 1 AND used < ? RETURNING used");
  const release = prepare(db, "UPDATE claim_budget SET used = used - 1 WHERE id = 1 AND used > 0");
  const used = prepare(db, "SELECT used FROM claim_budget WHERE id = 1");
  return {
    async takeSlot(limit) {
      return take.get(limit) !== undefined;
    },
    async releaseSlot() {
      release.run();
    },
    async slotsUsed() {
      return (used.get() as { used: number }).used;
    },
  };
}
