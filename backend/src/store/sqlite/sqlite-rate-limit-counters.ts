import type { DatabaseSync } from "node:sqlite";
import { RateLimiterSQLite } from "rate-limiter-flexible";
import { AppError } from "../../errors.ts";
import { limiterCounters, type RateLimitCounters } from "../rate-limit-counters.ts";
import { RATE_LIMITS_SCHEMA } from "./sqlite-database.ts";
import { prepare } from "./sqlite-statement.ts";

const TABLE = "rate_limiter";

/** rate-limiter-flexible's SQLite store: one atomic UPSERT … RETURNING a hit; `stopSweeps` ends its sweep timer. */
export function sqliteRateLimitCounters(db: DatabaseSync): RateLimitCounters & { stopSweeps(): void } {
  // Made here in the rate-limit file; the store's unqualified statements find it there, as main has no such table.
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${RATE_LIMITS_SCHEMA}.${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`,
  );
  // node:sqlite in better-sqlite3's shape, every statement through the store's busy-to-STORE_UNAVAILABLE mapping.
  const storeClient = { prepare: (sql: string) => prepare(db, sql), transaction: (run: () => unknown) => run };
  const limiter = new RateLimiterSQLite({
    storeClient,
    storeType: "better-sqlite3",
    tableName: TABLE,
    tableCreated: true,
    keyPrefix: "",
    points: 1,
    duration: 60,
  });
  const removeExpired = prepare(db, `DELETE FROM ${RATE_LIMITS_SCHEMA}.${TABLE} WHERE expire <= :now`);
  const sweep = setInterval(() => {
    try {
      removeExpired.run({ now: Date.now() });
    } catch (error) {
      // A locked file only delays the sweep to the next minute; anything else is a fault worth crashing on.
      if (!(error instanceof AppError && error.code === "STORE_UNAVAILABLE")) throw error;
    }
  }, 60_000).unref();
  return { ...limiterCounters(limiter), stopSweeps: () => clearInterval(sweep) };
}
