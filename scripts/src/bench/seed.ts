/**
 * Fills the SQLite claim store with `count` claims in one transaction: the schema comes from
 * the adapter itself (it migrates on open), the rows from one prepared INSERT, so 10^6 rows
 * take seconds rather than the hours one durable commit per claim would.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { REWARD_AMOUNT_WEI, UNFINISHED_CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";
import { openSqliteClaimStore } from "@tube/backend/store/sqlite/sqlite-claim-store";

const DB_FILE = "claims.sqlite";

/** The i-th seeded wallet: distinct from any random wallet a claim in the bench uses. */
export function seededWallet(i: number): string {
  return `0x${"5eed"}${i.toString(16).padStart(36, "0")}`;
}

export async function seedClaims(
  dataDir: string,
  count: number,
  seeded: { status: ClaimStatus; attempts: number },
): Promise<void> {
  await removeStore(dataDir);
  await (await openSqliteClaimStore({ dataDir })).close();
  const db = new DatabaseSync(path.join(dataDir, DB_FILE));
  try {
    // Seeding is not the store's durability under test: no journal, no fsync, and a page cache large enough that
    // random UUID keys do not thrash the B-trees (10^6 rows took 2 minutes on a loaded machine with the defaults).
    // The adapter puts WAL back when the app opens the file.
    db.exec("PRAGMA journal_mode = OFF");
    db.exec("PRAGMA synchronous = OFF");
    db.exec("PRAGMA cache_size = -262144");
    const insert = db.prepare(
      `INSERT INTO claims (id, wallet_address, google_sub, google_email, amount_wei, status,
         engine_transaction_id, tx_hash, attempts, last_error, created_at, updated_at, final_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)`,
    );
    const now = Date.now();
    const confirmed = seeded.status === "confirmed";
    db.exec("BEGIN");
    for (let i = 0; i < count; i++) {
      const id = crypto.randomUUID();
      const txHash = confirmed ? `0x${i.toString(16).padStart(64, "0")}` : null;
      const createdAt = now - (count - i);
      insert.run(
        id,
        seededWallet(i),
        `seed-${i}`,
        `seed${i}@example.com`,
        REWARD_AMOUNT_WEI.toString(),
        seeded.status,
        id,
        txHash,
        seeded.attempts,
        createdAt,
        createdAt,
        confirmed ? createdAt : null,
      );
    }
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

/** Counts claims by status straight from the file, so waiting for confirmations costs the app nothing. */
export function countByStatus(dataDir: string, status: ClaimStatus, wallets?: readonly string[]): number {
  const db = new DatabaseSync(path.join(dataDir, DB_FILE), { readOnly: true });
  try {
    if (!wallets)
      return (db.prepare("SELECT count(*) AS n FROM claims WHERE status = ?").get(status) as { n: number }).n;
    const byWallet = db.prepare("SELECT status FROM claims WHERE wallet_address = ?");
    return wallets.filter((wallet) => (byWallet.get(wallet) as { status: string } | undefined)?.status === status)
      .length;
  } finally {
    db.close();
  }
}

/** When each of `wallets`' claims was confirmed (its last write, ms since the epoch), straight from the file. */
export function confirmedAtByWallet(dataDir: string, wallets: readonly string[]): Map<string, number> {
  const db = new DatabaseSync(path.join(dataDir, DB_FILE), { readOnly: true });
  try {
    const byWallet = db.prepare("SELECT updated_at FROM claims WHERE wallet_address = ? AND status = 'confirmed'");
    const confirmed = new Map<string, number>();
    for (const wallet of wallets) {
      const row = byWallet.get(wallet) as { updated_at: number } | undefined;
      if (row) confirmed.set(wallet, row.updated_at);
    }
    return confirmed;
  } finally {
    db.close();
  }
}

/**
 * Re-checks `done` (a read of the store file, which costs the app nothing) until it holds or
 * `timeoutMs` has passed; says which.
 */
export async function waitForStore(done: () => boolean, timeoutMs: number, intervalMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return true;
}

/** Claims still on their way (reserved, queued or submitted), straight from the file. */
export function countUnfinished(dataDir: string): number {
  return UNFINISHED_CLAIM_STATUSES.reduce((sum, status) => sum + countByStatus(dataDir, status), 0);
}

async function removeStore(dataDir: string): Promise<void> {
  for (const suffix of ["", "-wal", "-shm"]) await fs.rm(path.join(dataDir, `${DB_FILE}${suffix}`), { force: true });
}
