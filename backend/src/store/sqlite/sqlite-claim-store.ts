import type { DatabaseSync } from "node:sqlite";
import { RateLimiterSQLite } from "rate-limiter-flexible";
import { AppError } from "../../errors.ts";
import {
  canonicalDenyValue,
  limiterCounters,
  type BudgetCounter,
  type ClaimStore,
  type DenyKind,
  type OperatorControls,
  type OperatorControlsStore,
} from "../claim-store.ts";
import { sqliteClaimRepository } from "./sqlite-claim-repository.ts";
import { openSqliteDatabase, prepare, RATE_LIMITS_SCHEMA, type SqliteDatabaseOptions } from "./sqlite-database.ts";

export async function openSqliteClaimStore(options: SqliteDatabaseOptions & { gateKey?: string }): Promise<ClaimStore> {
  const db = await openSqliteDatabase(options);
  try {
    const claims = sqliteClaimRepository(db, options.gateKey);
    const { stopSweeps, operatorActions, ...counters } = sqliteCounters(db);
    const ping = prepare(db, "SELECT 1");
    return {
      claims,
      budget: sqliteBudgetCounter(db),
      ...counters,
      operator: { ...sqliteOperatorControls(db), ...operatorActions },
      ping: async () => void ping.get(),
      async close() {
        stopSweeps();
        if (db.isOpen) db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** One row; each method is one statement, which no other writer can split. */
function sqliteBudgetCounter(db: DatabaseSync): BudgetCounter {
  const take = prepare(db, "UPDATE claim_budget SET used = used + 1 WHERE id = 1 AND used < ? RETURNING used");
  const release = prepare(db, "UPDATE claim_budget SET used = used - 1 WHERE id = 1 AND used > 0");
  const used = prepare(db, "SELECT used FROM claim_budget WHERE id = 1");
  return {
    takeSlot: async (limit) => take.get(limit) !== undefined,
    releaseSlot: async () => void release.run(),
    slotsUsed: async () => (used.get() as { used: number }).used,
  };
}

const RATE_LIMITER_TABLE = "rate_limiter";

/** Each hit is one atomic UPSERT … RETURNING. */
function sqliteCounters(db: DatabaseSync) {
  // In the counters' file, where the limiter's unqualified statements find it.
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${RATE_LIMITS_SCHEMA}.${RATE_LIMITER_TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`,
  );
  // node:sqlite in better-sqlite3's shape, through the store's outage mapping.
  const storeClient = { prepare: (sql: string) => prepare(db, sql), transaction: (run: () => unknown) => run };
  const limiter = new RateLimiterSQLite({
    storeClient,
    storeType: "better-sqlite3",
    tableName: RATE_LIMITER_TABLE,
    tableCreated: true,
    keyPrefix: "",
    points: 1,
    duration: 60,
  });
  const removeExpired = prepare(db, `DELETE FROM ${RATE_LIMITS_SCHEMA}.${RATE_LIMITER_TABLE} WHERE expire <= :now`);
  const sweep = setInterval(() => {
    try {
      removeExpired.run({ now: Date.now() });
    } catch (error) {
      // A locked file only delays the sweep; anything else is a fault worth crashing on.
      if (!(error instanceof AppError && error.code === "STORE_UNAVAILABLE")) throw error;
    }
  }, 60_000).unref();
  return { ...limiterCounters(limiter), stopSweeps: () => clearInterval(sweep) };
}

const CONTROLS = "paused, paused_by AS pausedBy, paused_at AS pausedAt";
type ControlsRow = Omit<OperatorControls, "paused" | "pausedAt"> & { paused: 0 | 1; pausedAt: number | null };

function sqliteOperatorControls(db: DatabaseSync): OperatorControlsStore {
  const pause = prepare(
    db,
    "UPDATE operator_controls SET paused = ?, paused_by = ?, paused_at = ? WHERE id = 1 RETURNING " + CONTROLS,
  );
  const readControls = prepare(db, `SELECT ${CONTROLS} FROM operator_controls WHERE id = 1`);
  const addDenied = prepare(
    db,
    "INSERT INTO denied (kind, value, denied_by, denied_at) VALUES (?, ?, ?, ?) ON CONFLICT (kind, value) DO NOTHING",
  );
  const removeDenied = prepare(db, "DELETE FROM denied WHERE kind = ? AND value = ?");
  // The wallet first, so both adapters name the same entry when both are denied.
  const findDenied = prepare(
    db,
    `SELECT kind FROM denied WHERE (kind = 'wallet' AND value = @wallet) OR (kind = 'googleAccount' AND value = @sub)
     ORDER BY kind = 'wallet' DESC LIMIT 1`,
  );

  return {
    setPaused: async (paused, by) =>
      toControls(pause.get(paused ? 1 : 0, paused ? by : null, paused ? Date.now() : null) as ControlsRow),
    controls: async () => toControls(readControls.get() as ControlsRow),
    deny: async (kind, value, by) => void addDenied.run(kind, canonicalDenyValue(kind, value), by, Date.now()),
    allow: async (kind, value) => removeDenied.run(kind, canonicalDenyValue(kind, value)).changes > 0,
    async isDenied(walletAddress, googleSub) {
      const row = findDenied.get({ wallet: walletAddress?.toLowerCase() ?? null, sub: googleSub }) as
        { kind: DenyKind } | undefined;
      return row?.kind ?? null;
    },
  };
}

function toControls(row: ControlsRow): OperatorControls {
  return { ...row, paused: row.paused === 1, pausedAt: row.pausedAt === null ? null : new Date(row.pausedAt) };
}
