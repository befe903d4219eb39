/** The zero-setup store: files under DATA_DIR, so a single server runs without a database service. */
import type { DatabaseSync } from "node:sqlite";
import type { BudgetCounter, ClaimStore, YoutubeQuotaCounter } from "../claim-store.ts";
import { sqliteClaimRepository } from "./sqlite-claim-repository.ts";
import { openSqliteDatabase, RATE_LIMITS_SCHEMA, type SqliteDatabaseOptions } from "./sqlite-database.ts";
import { sqliteOperatorControls } from "./sqlite-operator-controls.ts";
import { sqliteRateLimitCounters } from "./sqlite-rate-limit-counters.ts";
import { prepare } from "./sqlite-statement.ts";

export async function openSqliteClaimStore(options: SqliteDatabaseOptions & { gateKey?: string }): Promise<ClaimStore> {
  const db = await openSqliteDatabase(options);
  try {
    const claims = sqliteClaimRepository(db, options.gateKey);
    const rateLimits = sqliteRateLimitCounters(db);
    const ping = prepare(db, "SELECT 1");
    return {
      claims,
      budget: sqliteBudgetCounter(db),
      youtubeQuota: sqliteYoutubeQuotaCounter(db),
      rateLimits,
      operator: sqliteOperatorControls(db),
      async ping() {
        ping.get();
      },
      async close() {
        rateLimits.stopSweeps();
        if (db.isOpen) db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The `claim_budget` table's one row; each method is one statement, which no other writer can split. */
function sqliteBudgetCounter(db: DatabaseSync): BudgetCounter {
  const take = prepare(db, "UPDATE claim_budget SET used = used + 1 WHERE id = 1 AND used < ? RETURNING used");
  const release = prepare(db, "UPDATE claim_budget SET used = used - 1 WHERE id = 1 AND used > 0");
  const used = prepare(db, "SELECT used FROM claim_budget WHERE id = 1");
  return {
    takeSlot: async (limit) => take.get(limit) !== undefined,
    async releaseSlot() {
      release.run();
    },
    slotsUsed: async () => (used.get() as { used: number }).used,
  };
}

/** One row per Pacific day, in the counters' file (no full fsync per call). */
function sqliteYoutubeQuotaCounter(db: DatabaseSync): YoutubeQuotaCounter {
  const table = `${RATE_LIMITS_SCHEMA}.youtube_quota`;
  db.exec(`CREATE TABLE IF NOT EXISTS ${table} (day TEXT PRIMARY KEY, units INTEGER NOT NULL CHECK (units >= 0))`);
  const add = prepare(
    db,
    `INSERT INTO ${table} (day, units) VALUES (?, ?)
     ON CONFLICT (day) DO UPDATE SET units = units + excluded.units RETURNING units`,
  );
  const unitsOn = prepare(db, `SELECT units FROM ${table} WHERE day = ?`);
  return {
    add: async (day, units) => (add.get(day, units) as { units: number }).units,
    unitsOn: async (day) => (unitsOn.get(day) as { units: number } | undefined)?.units ?? 0,
  };
}
