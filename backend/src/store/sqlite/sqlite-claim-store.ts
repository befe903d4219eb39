/**
 * The zero-setup store: files under DATA_DIR, so a single server runs without a database service. Every part of
 * the store shares the one connection `openSqliteDatabase` makes.
 */
import type { ClaimStore } from "../claim-store.ts";
import { sqliteBudgetCounter } from "./sqlite-budget-counter.ts";
import { SqliteClaimRepository } from "./sqlite-claim-repository.ts";
import { openSqliteDatabase, type SqliteDatabaseOptions } from "./sqlite-database.ts";
import { sqliteGateKey } from "./sqlite-gate-key.ts";
import { sqliteOperatorControls } from "./sqlite-operator-controls.ts";
import { sqliteRateLimitCounters } from "./sqlite-rate-limit-counters.ts";
import { prepare } from "./sqlite-statement.ts";
import { sqliteYoutubeQuotaCounter } from "./sqlite-youtube-quota-counter.ts";

export async function openSqliteClaimStore(options: SqliteDatabaseOptions & { gateKey?: string }): Promise<ClaimStore> {
  const db = await openSqliteDatabase(options);
  try {
    const keyCheck = sqliteGateKey(db);
    keyCheck.verify(options.gateKey);
    const rateLimits = sqliteRateLimitCounters(db);
    const ping = prepare(db, "SELECT 1");
    return {
      claims: new SqliteClaimRepository(db, options.gateKey, keyCheck),
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
