import fs from "node:fs/promises";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { DatabaseSync, type SQLInputValue, type StatementResultingChanges, type StatementSync } from "node:sqlite";
import { CLAIM_STATUSES } from "@tube/common/constants";
import { ConfigError } from "../../config.ts";
import { storeUnavailable } from "../claim-store.ts";

export interface SqliteDatabaseOptions {
  dataDir: string;
  /** How long a write waits for another connection's lock before a 503. */
  busyTimeoutMs?: number;
}

/** Writes hold the lock for milliseconds, and node:sqlite blocks the whole process while one waits. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

const CLAIMS_FILE_NAME = "claims.sqlite";
const RATE_LIMITS_FILE_NAME = "rate-limits.sqlite";
export const RATE_LIMITS_SCHEMA = "limits";

/** The claims file, with the counters' file attached: a hit waits for neither the claims' lock nor their fsync. */
export async function openSqliteDatabase({ dataDir, busyTimeoutMs: given }: SqliteDatabaseOptions) {
  // SQLite would say only "unable to open database file", e.g. on a volume the image's user does not own.
  await fs
    .mkdir(dataDir, { recursive: true })
    .then(() => fs.access(dataDir, fs.constants.W_OK))
    .catch((error: unknown) => {
      const user = `this user (uid ${process.getuid?.() ?? "?"})`;
      throw new ConfigError(
        `Refusing to start:\n  DATA_DIR: ${dataDir} is not writable by ${user}: ${(error as Error).message}`,
      );
    });
  const db = new DatabaseSync(path.join(dataDir, CLAIMS_FILE_NAME));
  const busyTimeoutMs = Math.trunc(given ?? SQLITE_BUSY_TIMEOUT_MS);
  try {
    // First, so another process on the file waits instead of failing, also while the schema is made.
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    await enterWalMode(db, "main", busyTimeoutMs);
    // NORMAL can lose the last commits on power loss: a lost reservation could let a wallet claim twice.
    db.exec("PRAGMA synchronous = FULL");
    db.prepare(`ATTACH DATABASE ? AS ${RATE_LIMITS_SCHEMA}`).run(path.join(dataDir, RATE_LIMITS_FILE_NAME));
    await enterWalMode(db, RATE_LIMITS_SCHEMA, busyTimeoutMs);
    // Counters may lose their last hits on power loss.
    db.exec(`PRAGMA ${RATE_LIMITS_SCHEMA}.synchronous = NORMAL`);
    createSchema(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Amounts and block heights are decimal strings, times epoch milliseconds. */
const SCHEMA = `CREATE TABLE claims (
   id TEXT PRIMARY KEY,
   wallet_address TEXT NOT NULL,
   google_sub TEXT NOT NULL,
   amount_wei TEXT NOT NULL,
   status TEXT NOT NULL CHECK (status IN (${CLAIM_STATUSES.map((status) => `'${status}'`).join(", ")})),
   engine_transaction_id TEXT,
   tx_hash TEXT,
   attempts INTEGER NOT NULL DEFAULT 0,
   last_error TEXT,
   attempt_at_block TEXT,
   lease_owner TEXT,
   lease_until INTEGER,
   final_at INTEGER,
   created_at INTEGER NOT NULL,
   updated_at INTEGER NOT NULL,
   CONSTRAINT claims_wallet_unique UNIQUE (wallet_address),
   CONSTRAINT claims_google_sub_unique UNIQUE (google_sub)
 );
 CREATE INDEX claims_status_created ON claims (status, created_at);
 CREATE INDEX claims_awaiting_finality ON claims (created_at) WHERE status = 'confirmed' AND final_at IS NULL;
 CREATE TABLE claim_budget (id INTEGER PRIMARY KEY CHECK (id = 1), used INTEGER NOT NULL CHECK (used >= 0));
 INSERT INTO claim_budget (id, used) VALUES (1, 0);
 CREATE TABLE operator_controls (
   id INTEGER PRIMARY KEY CHECK (id = 1),
   paused INTEGER NOT NULL CHECK (paused IN (0, 1)),
   paused_by TEXT,
   paused_at INTEGER
 );
 INSERT INTO operator_controls (id, paused) VALUES (1, 0);
 CREATE TABLE denied (
   kind TEXT NOT NULL CHECK (kind IN ('wallet', 'googleAccount')),
   value TEXT NOT NULL,
   denied_by TEXT NOT NULL,
   denied_at INTEGER NOT NULL,
   PRIMARY KEY (kind, value)
 );
 CREATE TABLE claim_gate_key (id INTEGER PRIMARY KEY CHECK (id = 1), key_check TEXT NOT NULL);`;
const SCHEMA_VERSION = 1;

/** Inside the write lock: another process may have made the schema meanwhile. */
function createSchema(db: DatabaseSync) {
  db.exec("BEGIN IMMEDIATE");
  try {
    const version = (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
    if (version > SCHEMA_VERSION)
      throw new Error(
        `claims database is at schema version ${version}, newer than this server knows (${SCHEMA_VERSION})`,
      );
    if (version === 0) db.exec(`${SCHEMA} PRAGMA user_version = ${SCHEMA_VERSION};`);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/** Switching to WAL answers SQLITE_BUSY at once, bypassing the busy handler. */
async function enterWalMode(db: DatabaseSync, schema: string, busyTimeoutMs: number) {
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

/** Another connection holding the write lock of both files until it closes: doctor's outage. */
export function holdWriteLocks(dataDir: string): DatabaseSync {
  const holder = new DatabaseSync(path.join(dataDir, CLAIMS_FILE_NAME));
  holder.prepare(`ATTACH DATABASE ? AS ${RATE_LIMITS_SCHEMA}`).run(path.join(dataDir, RATE_LIMITS_FILE_NAME));
  holder.exec("BEGIN IMMEDIATE");
  return holder;
}

/** An extended result code (node:sqlite's `errcode`). */
const SQLITE_CONSTRAINT_UNIQUE = 2067;
/** SQLITE_BUSY and SQLITE_LOCKED (primary codes): another connection holds the lock. */
const SQLITE_BUSY_CODES = new Set([5, 6]);

type Parameters = SQLInputValue[] | [Record<string, SQLInputValue>];

export interface Statement {
  get(...parameters: Parameters): unknown;
  all(...parameters: Parameters): unknown[];
  run(...parameters: Parameters): StatementResultingChanges;
}

/** Every statement goes through here: a lock held past the busy time-out answers `STORE_UNAVAILABLE`. */
export function prepare(db: DatabaseSync, sql: string): Statement {
  const statement = db.prepare(sql);
  const call =
    <T>(method: (this: StatementSync, ...parameters: SQLInputValue[]) => T) =>
    (...parameters: Parameters): T => {
      try {
        return method.apply(statement, parameters as SQLInputValue[]);
      } catch (error) {
        throw isBusy(error) ? storeUnavailable(error) : error;
      }
    };
  return { get: call(statement.get), all: call(statement.all), run: call(statement.run) };
}

const errcodeOf = (error: unknown) => (error instanceof Error && "errcode" in error ? Number(error.errcode) : NaN);
const isBusy = (error: unknown) => SQLITE_BUSY_CODES.has(errcodeOf(error) & 0xff);
export const isUniqueViolation = (error: unknown) => errcodeOf(error) === SQLITE_CONSTRAINT_UNIQUE;
