import type { DatabaseSync } from "node:sqlite";
import { CLAIM_STATUSES } from "@tube/common/constants";

const statusList = CLAIM_STATUSES.map((status) => `'${status}'`).join(", ");

/**
 * The claims table's columns and constraints as its first version made them, with the e-mail column as given and the
 * columns later versions added in place when the table is made anew.
 */
function claimsTable(columns: { email: string; laterColumns?: string }): string {
  return `id TEXT PRIMARY KEY,
     wallet_address TEXT NOT NULL,
     google_sub TEXT NOT NULL,
     ${columns.email},
     amount_wei TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN (${statusList})),
     engine_transaction_id TEXT,
     tx_hash TEXT,
     attempts INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     ${columns.laterColumns ?? ""}
     CONSTRAINT claims_wallet_unique UNIQUE (wallet_address),
     CONSTRAINT claims_google_sub_unique UNIQUE (google_sub)`;
}

/** Each entry moves the schema one version up; `user_version` records how many have run. Append only. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE claims (${claimsTable({ email: "google_email TEXT NOT NULL" })});
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
  // New claims store no e-mail, and erasing an expired claim clears an older one's: google_email may be NULL. SQLite
  // cannot drop a NOT NULL in place, so the table is copied (rowid order kept: it breaks ties between equal times).
  `CREATE TABLE claims_next (${claimsTable({
    email: "google_email TEXT",
    laterColumns: "reserved_at_block TEXT, attempt_at_block TEXT, lease_owner TEXT, lease_until INTEGER,",
  })});
   INSERT INTO claims_next (id, wallet_address, google_sub, google_email, amount_wei, status, engine_transaction_id,
       tx_hash, attempts, last_error, created_at, updated_at, reserved_at_block, attempt_at_block, lease_owner, lease_until)
     SELECT id, wallet_address, google_sub, google_email, amount_wei, status, engine_transaction_id,
       tx_hash, attempts, last_error, created_at, updated_at, reserved_at_block, attempt_at_block, lease_owner, lease_until
     FROM claims ORDER BY rowid;
   DROP TABLE claims;
   ALTER TABLE claims_next RENAME TO claims;
   CREATE INDEX claims_status_created ON claims (status, created_at);`,
  // The YouTube quota count moves to the counters' file (attached as `limits`, synchronous NORMAL): a commit per
  // YouTube call no longer pays the claims' fsync. On power loss it may lose its last units, which only lets a few
  // more checks through that day; the once-only gate stays in this file. The two files commit apart, so a step cut
  // short may run again: the copy keeps the larger count instead of adding it twice.
  `CREATE TABLE IF NOT EXISTS limits.youtube_quota (day TEXT PRIMARY KEY, units INTEGER NOT NULL CHECK (units >= 0));
   INSERT INTO limits.youtube_quota (day, units) SELECT day, units FROM main.youtube_quota WHERE true
     ON CONFLICT (day) DO UPDATE SET units = MAX(units, excluded.units);
   DROP TABLE main.youtube_quota;`,
  // The check of the key erased claims were fingerprinted under (one row, written by the first erasure): a process
  // given another key, or none, refuses the store instead of missing every fingerprint.
  `CREATE TABLE claim_gate_key (id INTEGER PRIMARY KEY CHECK (id = 1), key_check TEXT NOT NULL);`,
  // Nothing has read the reservation's block since the contract's own record decides a claim (ADR 2).
  `ALTER TABLE claims DROP COLUMN reserved_at_block;`,
  // When a confirmed claim's reward became final (ADR 2). Claims confirmed before this were confirmed at the final
  // head the server was set to then, so they count as final since their confirmation; a partial index keeps the mint
  // loop's look for the few claims still awaiting finality off the many settled ones.
  `ALTER TABLE claims ADD COLUMN final_at INTEGER;
   UPDATE claims SET final_at = updated_at WHERE status = 'confirmed';
   CREATE INDEX claims_awaiting_finality ON claims (created_at) WHERE status = 'confirmed' AND final_at IS NULL;`,
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
