import type { DatabaseSync } from "node:sqlite";
import { AppError } from "../../errors.ts";
import type { RateLimitCounters, RateLimitWindow } from "../rate-limit-counters.ts";
import { RATE_LIMITS_SCHEMA } from "./sqlite-database.ts";
import { prepare } from "./sqlite-statement.ts";

const TABLE = `${RATE_LIMITS_SCHEMA}.rate_limits`;

/**
 * Fixed windows, like express-rate-limit's own MemoryStore. One UPSERT … RETURNING counts a hit and opens a new
 * window when the old one ended, atomically under SQLite's write lock, so processes sharing the file never both
 * read the same count. `stopSweeps` ends the timers that drop ended windows.
 */
export function sqliteRateLimitCounters(db: DatabaseSync): RateLimitCounters & { stopSweeps(): void } {
  // The counters' file predates schema versions and holds nothing worth migrating: the table is made when missing.
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, hits INTEGER NOT NULL, reset_at INTEGER NOT NULL)`,
  );
  const increment = prepare(
    db,
    `INSERT INTO ${TABLE} (key, hits, reset_at) VALUES (:key, 1, :resetAt)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN reset_at <= :now THEN 1 ELSE hits + 1 END,
       reset_at = CASE WHEN reset_at <= :now THEN excluded.reset_at ELSE reset_at END
     RETURNING hits, reset_at`,
  );
  const decrement = prepare(db, `UPDATE ${TABLE} SET hits = MAX(hits - 1, 0) WHERE key = :key AND reset_at > :now`);
  const read = prepare(db, `SELECT hits, reset_at FROM ${TABLE} WHERE key = :key AND reset_at > :now`);
  const remove = prepare(db, `DELETE FROM ${TABLE} WHERE key = :key`);
  const removeExpired = prepare(db, `DELETE FROM ${TABLE} WHERE reset_at <= :now`);
  const sweeps: NodeJS.Timeout[] = [];
  const sweep = () => {
    try {
      removeExpired.run({ now: Date.now() });
    } catch (error) {
      // A locked file only delays the sweep to the next window; anything else is a fault worth crashing on.
      if (!(error instanceof AppError && error.code === "STORE_UNAVAILABLE")) throw error;
    }
  };

  return {
    async get(key) {
      const row = read.get({ key, now: Date.now() });
      return row ? toWindow(row) : undefined;
    },
    async increment(key, windowMs) {
      const now = Date.now();
      return toWindow(increment.get({ key, now, resetAt: now + windowMs }));
    },
    async decrement(key) {
      decrement.run({ key, now: Date.now() });
    },
    async resetKey(key) {
      remove.run({ key });
    },
    adopted(windowMs) {
      // Expired windows are dead rows: sweep them once a window, off the request path.
      sweeps.push(setInterval(() => sweep(), windowMs).unref());
    },
    stopSweeps() {
      for (const sweep of sweeps) clearInterval(sweep);
    },
  };
}

function toWindow(row: unknown): RateLimitWindow {
  const { hits, reset_at: resetAt } = row as { hits: number; reset_at: number };
  return { totalHits: hits, resetTime: new Date(resetAt) };
}
