import type { DatabaseSync } from "node:sqlite";
import { CLAIM_STATUSES } from "@tube/common/constants";

const statusList = CLAIM_STATUSES.map((status) => `'${status}'`).join(", ");

/** Each entry moves the schema one version up; `user_version` records how many have run. Append only. */
const MIGRATIONS: readonly string[] = [
  // Amounts and block heights are decimal strings (bigint end to end); times are milliseconds since the epoch. The
  // budget counter is one row (a failed claim keeps its slot); the operator's controls are the pause switch's row, the
  // deny list and a count per action; the gate key's row is the check of the key erasure fingerprints under.
  `CREATE TABLE claims (
     id TEXT PRIMARY KEY,
     wallet_address TEXT NOT NULL,
     google_sub TEXT NOT NULL,
     amount_wei TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN (${statusList})),
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
   CREATE TABLE operator_actions (action TEXT PRIMARY KEY, count INTEGER NOT NULL CHECK (count >= 0));
   CREATE TABLE claim_gate_key (id INTEGER PRIMARY KEY CHECK (id = 1), key_check TEXT NOT NULL);`,
];

/** Brings the claims database up to the newest schema; several processes may run this on one file at once. */
export function migrate(db: DatabaseSync): void {
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
