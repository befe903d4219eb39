import fs from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { ClientRateLimitInfo } from "express-rate-limit";
import { fixedWindowStore, type FixedWindowCounters } from "./fixed-window-store.ts";
import type { SharedRateLimits } from "./shared-rate-limits.ts";

const DB_FILE_NAME = "rate-limits.sqlite";

/**
 * Fixed windows, like express-rate-limit's own MemoryStore. One UPSERT … RETURNING counts a hit and opens a new
 * window when the old one ended, atomically under SQLite's write lock, so processes sharing the file never both
 * read the same count.
 */
export async function openSqliteRateLimits(
  options: { dataDir: string } | { filename: ":memory:" },
): Promise<SharedRateLimits> {
  let filename = ":memory:";
  if ("dataDir" in options) {
    await fs.mkdir(options.dataDir, { recursive: true });
    filename = path.join(options.dataDir, DB_FILE_NAME);
  }
  const db = new DatabaseSync(filename);
  db.exec("PRAGMA journal_mode = WAL");
  // Counters may lose their last hits on power loss: NORMAL is enough, unlike the claims.
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA busy_timeout = 5000");
  db.exec(
    "CREATE TABLE IF NOT EXISTS rate_limits (key TEXT PRIMARY KEY, hits INTEGER NOT NULL, reset_at INTEGER NOT NULL)",
  );

  const increment = db.prepare(
    `INSERT INTO rate_limits (key, hits, reset_at) VALUES (:key, 1, :resetAt)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN reset_at <= :now THEN 1 ELSE hits + 1 END,
       reset_at = CASE WHEN reset_at <= :now THEN excluded.reset_at ELSE reset_at END
     RETURNING hits, reset_at`,
  );
  const decrement = db.prepare("UPDATE rate_limits SET hits = MAX(hits - 1, 0) WHERE key = :key AND reset_at > :now");
  const read = db.prepare("SELECT hits, reset_at FROM rate_limits WHERE key = :key AND reset_at > :now");
  const remove = db.prepare("DELETE FROM rate_limits WHERE key = :key");
  const removeExpired = db.prepare("DELETE FROM rate_limits WHERE reset_at <= :now");
  const sweeps: NodeJS.Timeout[] = [];

  const info = (row: unknown): ClientRateLimitInfo => {
    const { hits, reset_at: resetAt } = row as { hits: number; reset_at: number };
    return { totalHits: hits, resetTime: new Date(resetAt) };
  };

  const counters: FixedWindowCounters = {
    get(key) {
      const row = read.get({ key, now: Date.now() });
      return row ? info(row) : undefined;
    },
    increment(key, windowMs) {
      const now = Date.now();
      return info(increment.get({ key, now, resetAt: now + windowMs }));
    },
    decrement(key) {
      decrement.run({ key, now: Date.now() });
    },
    resetKey(key) {
      remove.run({ key });
    },
    adopted(windowMs) {
      // Expired windows are dead rows: sweep them once a window, off the request path.
      sweeps.push(setInterval(() => removeExpired.run({ now: Date.now() }), windowMs).unref());
    },
  };

  return {
    storeFor: (prefix) => fixedWindowStore(prefix, counters),
    async close() {
      for (const sweep of sweeps) clearInterval(sweep);
      db.close();
    },
  };
}
