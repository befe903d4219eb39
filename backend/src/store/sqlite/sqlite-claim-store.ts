/**
 * The zero-setup store: one file under DATA_DIR, so a single server runs without a
 * database service. The UNIQUE constraints on wallet and Google account are the
 * once-only gate; `transition` is one conditional UPDATE (on status and attempt) so
 * two workers can never both move a claim forward, and the lease is one conditional UPDATE too.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { CLAIM_STATUSES, UNFINISHED_CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";
import { AppError, RETRY_AFTER_SECONDS } from "../../errors.ts";
import type {
  ClaimFilter,
  ClaimPatch,
  ClaimRecord,
  ClaimStore,
  DenyKind,
  NewClaim,
  OperatorAction,
  OperatorControls,
  ReserveResult,
  TransitionGuard,
} from "../claim-store.ts";
import { canonicalDenyValue } from "../claim-store.ts";
import { claimFromStored } from "../stored-claim.ts";

export type SqliteClaimStoreOptions = ({ dataDir: string } | { filename: ":memory:" }) & {
  /** How long a write waits for another connection's lock before the request gets a 503. Default 5 s. */
  busyTimeoutMs?: number;
};

const DB_FILE_NAME = "claims.sqlite";
/** SQLite's extended result code, which node:sqlite reports as `errcode`. */
const SQLITE_CONSTRAINT_UNIQUE = 2067;
/** SQLITE_BUSY and SQLITE_LOCKED (primary codes): another connection holds the lock. */
const SQLITE_BUSY_CODES = new Set([5, 6]);

const statusList = CLAIM_STATUSES.map((status) => `'${status}'`).join(", ");

/** Each entry moves the schema one version up; `user_version` records how many have run. Append only. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE claims (
     id TEXT PRIMARY KEY,
     wallet_address TEXT NOT NULL,
     google_sub TEXT NOT NULL,
     google_email TEXT NOT NULL,
     amount_wei TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN (${statusList})),
     engine_transaction_id TEXT,
     tx_hash TEXT,
     attempts INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     CONSTRAINT claims_wallet_unique UNIQUE (wallet_address),
     CONSTRAINT claims_google_sub_unique UNIQUE (google_sub)
   );
   CREATE INDEX claims_status_created ON claims (status, created_at);`,
  // Block heights are decimal strings, like amounts: bigint end to end.
  `ALTER TABLE claims ADD COLUMN reserved_at_block TEXT;
   ALTER TABLE claims ADD COLUMN attempt_at_block TEXT;
   ALTER TABLE claims ADD COLUMN lease_owner TEXT;
   ALTER TABLE claims ADD COLUMN lease_until INTEGER;`,
  // The budget counter: one row, seeded with every claim reserved so far (a failed claim keeps its slot).
  `CREATE TABLE claim_budget (id INTEGER PRIMARY KEY CHECK (id = 1), used INTEGER NOT NULL CHECK (used >= 0));
   INSERT INTO claim_budget (id, used) SELECT 1, COUNT(*) FROM claims;`,
  // YouTube quota units per Pacific day, so every process adds to and reads the same count (ADR 11).
  `CREATE TABLE youtube_quota (day TEXT PRIMARY KEY, units INTEGER NOT NULL CHECK (units >= 0));`,
  // The operator's controls: one row for the pause switch, the deny list, and a count per operator action.
  `CREATE TABLE operator_controls (
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
   CREATE TABLE operator_actions (action TEXT PRIMARY KEY, count INTEGER NOT NULL CHECK (count >= 0));`,
];

/** Patch keys and their columns: the only names ever spliced into SQL. */
const PATCH_COLUMNS = {
  status: "status",
  engineTransactionId: "engine_transaction_id",
  txHash: "tx_hash",
  attempts: "attempts",
  lastError: "last_error",
  attemptAtBlock: "attempt_at_block",
  leaseOwner: "lease_owner",
  leaseUntil: "lease_until",
} as const satisfies Record<keyof ClaimPatch, string>;

interface ClaimRow {
  id: string;
  wallet_address: string;
  google_sub: string;
  google_email: string;
  amount_wei: string;
  status: ClaimStatus;
  engine_transaction_id: string | null;
  tx_hash: string | null;
  attempts: number;
  last_error: string | null;
  reserved_at_block: string | null;
  attempt_at_block: string | null;
  lease_owner: string | null;
  lease_until: number | null;
  /** Milliseconds since the epoch. */
  created_at: number;
  updated_at: number;
}

export async function openSqliteClaimStore(options: SqliteClaimStoreOptions): Promise<ClaimStore> {
  let filename: string;
  if ("dataDir" in options) {
    await fs.mkdir(options.dataDir, { recursive: true });
    filename = path.join(options.dataDir, DB_FILE_NAME);
  } else {
    filename = options.filename;
  }
  const db = new DatabaseSync(filename);
  const busyTimeoutMs = Math.trunc(options.busyTimeoutMs ?? 5000);
  try {
    // First: a second process on the same file (a CLI, a rolling restart, two replicas starting together) waits
    // instead of failing at once, also while the first migrates.
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    await enterWalMode(db, busyTimeoutMs);
    // FULL, not NORMAL: in WAL mode NORMAL can lose the last commits on power loss. A lost
    // reservation whose mint was already queued would let the same wallet claim twice.
    db.exec("PRAGMA synchronous = FULL");
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return new SqliteClaimStore(db);
}

/**
 * Switching a fresh file to WAL needs its exclusive lock, and when another connection opening the same file holds
 * a shared lock SQLite answers SQLITE_BUSY at once instead of calling the busy handler (waiting could deadlock).
 * So the switch is retried here, with a jittered pause, for as long as the busy time-out allows.
 */
async function enterWalMode(db: DatabaseSync, busyTimeoutMs: number): Promise<void> {
  const deadline = Date.now() + busyTimeoutMs;
  for (;;) {
    try {
      db.exec("PRAGMA journal_mode = WAL");
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      await setTimeout(10 + Math.random() * 40);
    }
  }
}

function migrate(db: DatabaseSync): void {
  const versionOf = () => (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
  if (versionOf() > MIGRATIONS.length) {
    throw new Error(
      `claims database is at schema version ${versionOf()}, newer than this server knows (${MIGRATIONS.length})`,
    );
  }
  // The version is read again inside each write transaction: another process starting at the same moment may have
  // applied the step while this one waited for the lock.
  for (;;) {
    db.exec("BEGIN IMMEDIATE");
    try {
      const version = versionOf();
      if (version >= MIGRATIONS.length) {
        db.exec("COMMIT");
        return;
      }
      db.exec(MIGRATIONS[version]!);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
}

class SqliteClaimStore implements ClaimStore {
  private readonly insert: StatementSync;
  private readonly byId: StatementSync;
  private readonly byWallet: StatementSync;
  private readonly byGoogleSub: StatementSync;
  private readonly unfinished: StatementSync;
  private readonly lease: StatementSync;
  private readonly unlease: StatementSync;
  private readonly takeSlot: StatementSync;
  private readonly releaseSlot: StatementSync;
  private readonly slotsUsed: StatementSync;
  private readonly addQuota: StatementSync;
  private readonly quotaOn: StatementSync;
  private readonly filtered: StatementSync;
  private readonly pause: StatementSync;
  private readonly readControls: StatementSync;
  private readonly addDenied: StatementSync;
  private readonly removeDenied: StatementSync;
  private readonly findDenied: StatementSync;
  private readonly countAction: StatementSync;
  private readonly actionCounts: StatementSync;
  /** Prepared `transition` statements, one per combination of patched columns and status count. */
  private readonly transitions = new Map<string, StatementSync>();

  constructor(private readonly db: DatabaseSync) {
    this.insert = db.prepare(
      `INSERT INTO claims (id, wallet_address, google_sub, google_email, amount_wei, status,
         engine_transaction_id, tx_hash, attempts, last_error, reserved_at_block, attempt_at_block, lease_owner, lease_until,
         created_at, updated_at)
       VALUES (@id, @wallet_address, @google_sub, @google_email, @amount_wei, @status,
         @engine_transaction_id, @tx_hash, @attempts, @last_error, @reserved_at_block, @attempt_at_block, @lease_owner, @lease_until,
         @created_at, @updated_at)`,
    );
    this.byId = db.prepare("SELECT * FROM claims WHERE id = ?");
    this.byWallet = db.prepare("SELECT * FROM claims WHERE wallet_address = ?");
    this.byGoogleSub = db.prepare("SELECT * FROM claims WHERE google_sub = ?");
    // rowid breaks ties between claims created in the same millisecond.
    this.unfinished = db.prepare(
      `SELECT * FROM claims WHERE status IN (${UNFINISHED_CLAIM_STATUSES.map((status) => `'${status}'`).join(", ")})
       ORDER BY created_at, rowid`,
    );
    this.lease = db.prepare(
      `UPDATE claims SET lease_owner = @owner, lease_until = @until
       WHERE id = @id AND (lease_owner IS NULL OR lease_owner = @owner OR lease_until < @now) RETURNING *`,
    );
    this.unlease = db.prepare(
      "UPDATE claims SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?",
    );
    // One statement each, so the check and the increment cannot be split by another writer.
    this.takeSlot = db.prepare("UPDATE claim_budget SET used = used + 1 WHERE id = 1 AND used < ? RETURNING used");
    this.releaseSlot = db.prepare("UPDATE claim_budget SET used = used - 1 WHERE id = 1 AND used > 0");
    this.slotsUsed = db.prepare("SELECT used FROM claim_budget WHERE id = 1");
    this.addQuota = db.prepare(
      `INSERT INTO youtube_quota (day, units) VALUES (?, ?)
       ON CONFLICT (day) DO UPDATE SET units = units + excluded.units RETURNING units`,
    );
    this.quotaOn = db.prepare("SELECT units FROM youtube_quota WHERE day = ?");
    this.filtered = db.prepare(
      `SELECT * FROM claims
       WHERE (@status IS NULL OR status = @status)
         AND (@created_from IS NULL OR created_at >= @created_from)
         AND (@created_before IS NULL OR created_at < @created_before)
       ORDER BY created_at, rowid`,
    );
    this.pause = db.prepare(
      "UPDATE operator_controls SET paused = ?, paused_by = ?, paused_at = ? WHERE id = 1 RETURNING *",
    );
    this.readControls = db.prepare("SELECT * FROM operator_controls WHERE id = 1");
    this.addDenied = db.prepare(
      "INSERT INTO denied (kind, value, denied_by, denied_at) VALUES (?, ?, ?, ?) ON CONFLICT (kind, value) DO NOTHING",
    );
    this.removeDenied = db.prepare("DELETE FROM denied WHERE kind = ? AND value = ?");
    // The wallet first, so both adapters name the same entry when both are denied.
    this.findDenied = db.prepare(
      `SELECT kind FROM denied WHERE (kind = 'wallet' AND value = @wallet) OR (kind = 'googleAccount' AND value = @sub)
       ORDER BY kind = 'wallet' DESC LIMIT 1`,
    );
    this.countAction = db.prepare(
      "INSERT INTO operator_actions (action, count) VALUES (?, 1) ON CONFLICT (action) DO UPDATE SET count = count + 1",
    );
    this.actionCounts = db.prepare("SELECT action, count FROM operator_actions");
  }

  async reserve(claim: NewClaim): Promise<ReserveResult> {
    const now = Date.now();
    const row: ClaimRow = {
      id: claim.id,
      wallet_address: claim.walletAddress.toLowerCase(),
      google_sub: claim.googleSub,
      google_email: claim.googleEmail,
      amount_wei: claim.amountWei.toString(),
      status: "reserved",
      engine_transaction_id: null,
      tx_hash: null,
      attempts: 0,
      last_error: null,
      reserved_at_block: claim.reservedAtBlock?.toString() ?? null,
      attempt_at_block: null,
      lease_owner: claim.lease.owner,
      lease_until: claim.lease.until,
      created_at: now,
      updated_at: now,
    };
    try {
      this.insert.run({ ...row });
      return { reserved: true, claim: toRecord(row) };
    } catch (error) {
      if (!isUniqueViolation(error)) throw unavailableWhenBusy(error);
      // Claims are never deleted, so the row that refused us is still there to read.
      const byWallet = this.byWallet.get(row.wallet_address) as ClaimRow | undefined;
      if (byWallet) return { reserved: false, conflict: "wallet", existing: toRecord(byWallet) };
      const byGoogleSub = this.byGoogleSub.get(row.google_sub) as ClaimRow | undefined;
      if (byGoogleSub) return { reserved: false, conflict: "googleAccount", existing: toRecord(byGoogleSub) };
      throw error;
    }
  }

  async findById(id: string): Promise<ClaimRecord | null> {
    return toRecordOrNull(this.byId.get(id) as ClaimRow | undefined);
  }

  async findByWallet(walletAddress: string): Promise<ClaimRecord | null> {
    return toRecordOrNull(this.byWallet.get(walletAddress.toLowerCase()) as ClaimRow | undefined);
  }

  async findByGoogleSub(googleSub: string): Promise<ClaimRecord | null> {
    return toRecordOrNull(this.byGoogleSub.get(googleSub) as ClaimRow | undefined);
  }

  async transition(
    id: string,
    fromStatuses: readonly ClaimStatus[],
    patch: ClaimPatch,
    guard: TransitionGuard = {},
  ): Promise<ClaimRecord | null> {
    if (fromStatuses.length === 0) return null;
    const keys = (Object.keys(PATCH_COLUMNS) as (keyof ClaimPatch)[]).filter((key) => patch[key] !== undefined);
    const guarded = guard.attempts !== undefined;
    const statement = this.transitionStatement(keys, fromStatuses.length, guarded);
    const values = keys.map((key) => toColumnValue(patch[key]));
    const row = whenNotBusy(() =>
      statement.get(...values, Date.now(), id, ...fromStatuses, ...(guarded ? [guard.attempts!] : [])),
    );
    return toRecordOrNull(row as ClaimRow | undefined);
  }

  async acquireLease(id: string, owner: string, now: number, until: number): Promise<ClaimRecord | null> {
    return toRecordOrNull(whenNotBusy(() => this.lease.get({ id, owner, now, until })) as ClaimRow | undefined);
  }

  async releaseLease(id: string, owner: string): Promise<void> {
    whenNotBusy(() => this.unlease.run(id, owner));
  }

  async listUnfinished(): Promise<ClaimRecord[]> {
    return (this.unfinished.all() as unknown as ClaimRow[]).map(toRecord);
  }

  async list(filter: ClaimFilter): Promise<ClaimRecord[]> {
    // A NULL parameter switches its condition off, so one prepared statement serves every filter.
    const rows = this.filtered.all({
      status: filter.status ?? null,
      created_from: filter.createdFrom?.getTime() ?? null,
      created_before: filter.createdBefore?.getTime() ?? null,
    });
    return (rows as unknown as ClaimRow[]).map(toRecord);
  }

  async takeBudgetSlot(limit: number): Promise<boolean> {
    return this.takeSlot.get(limit) !== undefined;
  }

  async releaseBudgetSlot(): Promise<void> {
    this.releaseSlot.run();
  }

  async budgetSlotsUsed(): Promise<number> {
    return (this.slotsUsed.get() as { used: number }).used;
  }

  async addYoutubeQuotaUnits(day: string, units: number): Promise<number> {
    return (whenNotBusy(() => this.addQuota.get(day, units)) as { units: number }).units;
  }

  async youtubeQuotaUnits(day: string): Promise<number> {
    return (this.quotaOn.get(day) as { units: number } | undefined)?.units ?? 0;
  }

  async setPaused(paused: boolean, by: string): Promise<OperatorControls> {
    const row = whenNotBusy(() => this.pause.get(paused ? 1 : 0, paused ? by : null, paused ? Date.now() : null));
    return toControls(row as unknown as ControlsRow);
  }

  async controls(): Promise<OperatorControls> {
    return toControls(this.readControls.get() as unknown as ControlsRow);
  }

  async deny(kind: DenyKind, value: string, by: string): Promise<void> {
    whenNotBusy(() => this.addDenied.run(kind, canonicalDenyValue(kind, value), by, Date.now()));
  }

  async allow(kind: DenyKind, value: string): Promise<boolean> {
    return whenNotBusy(() => this.removeDenied.run(kind, canonicalDenyValue(kind, value))).changes > 0;
  }

  async isDenied(walletAddress: string | null, googleSub: string | null): Promise<DenyKind | null> {
    const row = this.findDenied.get({ wallet: walletAddress?.toLowerCase() ?? null, sub: googleSub }) as
      { kind: DenyKind } | undefined;
    return row?.kind ?? null;
  }

  async countOperatorAction(action: OperatorAction): Promise<void> {
    whenNotBusy(() => this.countAction.run(action));
  }

  async operatorActionCounts(): Promise<Partial<Record<OperatorAction, number>>> {
    const rows = this.actionCounts.all() as unknown as Array<{ action: OperatorAction; count: number }>;
    return Object.fromEntries(rows.map((row) => [row.action, row.count]));
  }

  async ping(): Promise<void> {
    this.db.prepare("SELECT 1").get();
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }

  private transitionStatement(keys: readonly (keyof ClaimPatch)[], statusCount: number, guarded: boolean) {
    const cacheKey = `${keys.join(",")}|${statusCount}|${guarded}`;
    let statement = this.transitions.get(cacheKey);
    if (!statement) {
      const assignments = [...keys.map((key) => `${PATCH_COLUMNS[key]} = ?`), "updated_at = ?"].join(", ");
      const placeholders = Array.from({ length: statusCount }, () => "?").join(", ");
      statement = this.db.prepare(
        `UPDATE claims SET ${assignments} WHERE id = ? AND status IN (${placeholders})${guarded ? " AND attempts = ?" : ""} RETURNING *`,
      );
      this.transitions.set(cacheKey, statement);
    }
    return statement;
  }
}

/** A locked database is a passing outage: the visitor gets a 503 with a retry hint, not a 500. */
function unavailableWhenBusy(error: unknown): unknown {
  return isBusy(error)
    ? new AppError("MINT_UNAVAILABLE", { cause: error, retryAfterSeconds: RETRY_AFTER_SECONDS })
    : error;
}

function whenNotBusy<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    throw unavailableWhenBusy(error);
  }
}

interface ControlsRow {
  paused: 0 | 1;
  paused_by: string | null;
  paused_at: number | null;
}

function toControls(row: ControlsRow): OperatorControls {
  return {
    paused: row.paused === 1,
    pausedBy: row.paused_by,
    pausedAt: row.paused_at === null ? null : new Date(row.paused_at),
  };
}

function toColumnValue(value: ClaimPatch[keyof ClaimPatch]): SQLInputValue {
  return typeof value === "bigint" ? value.toString() : (value as SQLInputValue);
}

function isBusy(error: unknown): boolean {
  const code =
    error instanceof Error && "errcode" in error && typeof error.errcode === "number" ? error.errcode & 0xff : null;
  return code !== null && SQLITE_BUSY_CODES.has(code);
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && "errcode" in error && error.errcode === SQLITE_CONSTRAINT_UNIQUE;
}

function toRecordOrNull(row: ClaimRow | undefined): ClaimRecord | null {
  return row ? toRecord(row) : null;
}

function toRecord(row: ClaimRow): ClaimRecord {
  return claimFromStored({
    id: row.id,
    walletAddress: row.wallet_address,
    googleSub: row.google_sub,
    googleEmail: row.google_email,
    amountWei: row.amount_wei,
    status: row.status,
    engineTransactionId: row.engine_transaction_id,
    txHash: row.tx_hash,
    attempts: row.attempts,
    lastError: row.last_error,
    reservedAtBlock: row.reserved_at_block,
    attemptAtBlock: row.attempt_at_block,
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });
}
