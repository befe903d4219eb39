import fs from "node:fs/promises";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { DatabaseSync } from "node:sqlite";
import { migrate } from "./sqlite-migrations.ts";
import { isBusy } from "./sqlite-statement.ts";

export type SqliteDatabaseOptions = ({ dataDir: string } | { filename: ":memory:" }) & {
  /** How long a write waits for another connection's lock before the request gets a 503. */
  busyTimeoutMs?: number;
};

/** Writes hold the lock for milliseconds; the whole process waits with a blocked one (node:sqlite is synchronous). */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

const CLAIMS_FILE_NAME = "claims.sqlite";
const RATE_LIMITS_FILE_NAME = "rate-limits.sqlite";
/** The schema name the counters' file (rate limits, YouTube quota) is attached under: its tables are `limits.<table>`. */
export const RATE_LIMITS_SCHEMA = "limits";

/**
 * The store's one connection: the claims file, migrated, with the counters' file (rate limits, YouTube quota)
 * attached, so that a hit neither waits for the claims' write lock nor pays their full fsync.
 */
export async function openSqliteDatabase(options: SqliteDatabaseOptions): Promise<DatabaseSync> {
  let claimsFile: string = ":memory:";
  let rateLimitsFile: string = ":memory:";
  if ("dataDir" in options) {
    await fs.mkdir(options.dataDir, { recursive: true });
    claimsFile = path.join(options.dataDir, CLAIMS_FILE_NAME);
    rateLimitsFile = path.join(options.dataDir, RATE_LIMITS_FILE_NAME);
  }
  const db = new DatabaseSync(claimsFile);
  const busyTimeoutMs = Math.trunc(options.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS);
  try {
    // First: a second process on the same file (a CLI, a rolling restart, two replicas starting together) waits
    // instead of failing at once, also while the first migrates.
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    await enterWalMode(db, "main", busyTimeoutMs);
    // FULL: in WAL mode NORMAL can lose the last commits on power loss, and a lost reservation whose mint was queued
    // would let the same wallet claim twice.
    db.exec("PRAGMA synchronous = FULL");
    db.prepare(`ATTACH DATABASE ? AS ${RATE_LIMITS_SCHEMA}`).run(rateLimitsFile);
    await enterWalMode(db, RATE_LIMITS_SCHEMA, busyTimeoutMs);
    // Counters may lose their last hits on power loss: NORMAL is enough, unlike the claims.
    db.exec(`PRAGMA ${RATE_LIMITS_SCHEMA}.synchronous = NORMAL`);
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Switching a fresh file to WAL needs its exclusive lock, and SQLite answers SQLITE_BUSY at once, without the busy
 * handler, while another connection opening it holds a shared lock: retried here within the busy time-out.
 */
async function enterWalMode(db: DatabaseSync, schema: string, busyTimeoutMs: number): Promise<void> {
  const deadline = Date.now() + busyTimeoutMs;
  for (;;) {
    try {
      db.exec(`PRAGMA ${schema}.journal_mode = WAL`);
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      await setTimeout(10 + Math.random() * 40);
    }
  }
}

/** Another connection holding the write lock of both of the store's files until it closes: doctor's outage. */
export function holdWriteLocks(dataDir: string): DatabaseSync {
  const holder = new DatabaseSync(path.join(dataDir, CLAIMS_FILE_NAME));
  holder.prepare(`ATTACH DATABASE ? AS ${RATE_LIMITS_SCHEMA}`).run(path.join(dataDir, RATE_LIMITS_FILE_NAME));
  holder.exec("BEGIN IMMEDIATE");
  return holder;
}
