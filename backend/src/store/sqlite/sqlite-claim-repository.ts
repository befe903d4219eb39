import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { UNFINISHED_CLAIM_STATUSES } from "@tube/common/constants";
import {
  assertGateKeyMatches,
  claimFromStored,
  gateKeyCheck,
  googleAccountFingerprint,
  refusalOf,
  requireGateKey,
  reservedClaim,
  storedFormsOf,
  type ClaimRecord,
  type ClaimRepository,
  type StoredClaim,
} from "../claim-repository.ts";
import { isUniqueViolation, prepare, type Statement } from "./sqlite-database.ts";

/** The only names ever spliced into SQL; each column is its field in snake case. */
const FIELDS = (
  "id walletAddress googleSub amountWei status engineTransactionId txHash attempts lastError attemptAtBlock " +
  "leaseOwner leaseUntil finalAt createdAt updatedAt"
).split(" ") as (keyof ClaimRecord)[];
const column = (field: keyof ClaimRecord) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const CLAIM = FIELDS.map((field) => `${column(field)} AS ${field}`).join(", ");
type Row = Omit<StoredClaim, "finalAt" | "createdAt" | "updatedAt"> & {
  finalAt: number | null;
  createdAt: number;
  updatedAt: number;
};

const UNFINISHED_IN = UNFINISHED_CLAIM_STATUSES.map((status) => `'${status}'`).join(", ");
const LEASE_FREE = "(lease_owner IS NULL OR lease_owner = @owner OR lease_until < @now)";
const OLDEST_FIRST = "ORDER BY created_at, rowid";

export function sqliteClaimRepository(db: DatabaseSync, gateKey: string | undefined): ClaimRepository {
  const one = (statement: Statement, ...parameters: Parameters<Statement["get"]>) => {
    const row = statement.get(...parameters) as Row | undefined;
    return row ? toRecord(row) : null;
  };
  const all = (statement: Statement, ...parameters: Parameters<Statement["all"]>) =>
    (statement.all(...parameters) as Row[]).map(toRecord);
  // One statement: an erasure since this store opened, under a key it lacks, cannot let its account claim again.
  const insert = prepare(
    db,
    `INSERT INTO claims (${FIELDS.map(column).join(", ")})
     SELECT ${FIELDS.map((field) => `@${field}`).join(", ")}
     WHERE NOT EXISTS (SELECT 1 FROM claims WHERE google_sub = @fingerprint)
       AND NOT EXISTS (SELECT 1 FROM claim_gate_key WHERE key_check IS NOT @keyCheck)`,
  );
  const select = (where: string) => prepare(db, `SELECT ${CLAIM} FROM claims WHERE ${where}`);
  const byId = select("id = ?");
  const byWallet = select("wallet_address = ?");
  const byGoogleSub = select("google_sub IN (?, ?)");
  const unfinished = select(`status IN (${UNFINISHED_IN}) ${OLDEST_FIRST}`);
  const awaitingFinality = select(`status = 'confirmed' AND final_at IS NULL ${OLDEST_FIRST}`);
  // A NULL parameter switches its condition off.
  const filtered = select(
    `(@status IS NULL OR status = @status) AND (@createdFrom IS NULL OR created_at >= @createdFrom)
     AND (@createdBefore IS NULL OR created_at < @createdBefore) ${OLDEST_FIRST}`,
  );
  const lease = prepare(
    db,
    `UPDATE claims SET lease_owner = @owner, lease_until = @until WHERE id = @id AND ${LEASE_FREE} RETURNING ${CLAIM}`,
  );
  const unlease = prepare(
    db,
    "UPDATE claims SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?",
  );
  const expired = prepare(
    db,
    `SELECT id, google_sub AS googleSub FROM claims
     WHERE created_at < @createdBefore AND (@wallet IS NULL OR wallet_address = @wallet)
       AND google_sub NOT LIKE 'hmac-sha256:%'`,
  );
  const erase = prepare(db, "UPDATE claims SET google_sub = ?, updated_at = ? WHERE id = ? AND google_sub = ?");
  const keyCheck = prepare(db, "SELECT key_check AS keyCheck FROM claim_gate_key WHERE id = 1");
  const recordKeyCheck = prepare(
    db,
    "INSERT INTO claim_gate_key (id, key_check) VALUES (1, ?) ON CONFLICT (id) DO NOTHING",
  );
  const verifyGateKey = (key: string | undefined, refusing?: string) =>
    assertGateKeyMatches((keyCheck.get() as { keyCheck: string } | undefined)?.keyCheck ?? null, key, refusing);
  const ownKeyCheck = gateKey === undefined ? null : gateKeyCheck(gateKey);

  const [begin, commit] = [prepare(db, "BEGIN IMMEDIATE"), prepare(db, "COMMIT")];

  verifyGateKey(gateKey);
  const repository: ClaimRepository = {
    async reserve(claim) {
      const stored = reservedClaim(claim, new Date());
      const [, fingerprint] = storedFormsOf(gateKey, stored.googleSub);
      const values = Object.fromEntries(Object.entries(stored).map(([field, value]) => [field, toColumnValue(value)]));
      try {
        if (insert.run({ ...values, fingerprint, keyCheck: ownKeyCheck }).changes === 1)
          return { reserved: true, claim: claimFromStored(stored) };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      verifyGateKey(gateKey, "new claims");
      return refusalOf(repository, claim);
    },
    findById: async (id) => one(byId, id),
    findByWallet: async (walletAddress) => one(byWallet, walletAddress.toLowerCase()),
    findByGoogleSub: async (googleSub) => one(byGoogleSub, ...storedFormsOf(gateKey, googleSub)),
    async transition(id, fromStatuses, patch: Partial<ClaimRecord>, guard = {}) {
      if (fromStatuses.length === 0) return null;
      const fields = FIELDS.filter((field) => patch[field] !== undefined);
      const guarded = guard.attempts !== undefined;
      const sql = `UPDATE claims SET ${[...fields, "updatedAt" as const].map((field) => `${column(field)} = ?`).join(", ")}
        WHERE id = ? AND status IN (${fromStatuses.map(() => "?").join(", ")})${guarded ? " AND attempts = ?" : ""}
        RETURNING ${CLAIM}`;
      const values = fields.map((field) => toColumnValue(patch[field]));
      return one(prepare(db, sql), ...values, Date.now(), id, ...fromStatuses, ...(guarded ? [guard.attempts!] : []));
    },
    acquireLease: async (id, owner, now, until) => one(lease, { id, owner, now, until }),
    releaseLease: async (id, owner) => void unlease.run(id, owner),
    listUnfinished: async () => all(unfinished),
    listAwaitingFinality: async () => all(awaitingFinality),
    list: async (filter) =>
      all(filtered, {
        status: filter.status ?? null,
        createdFrom: filter.createdFrom?.getTime() ?? null,
        createdBefore: filter.createdBefore?.getTime() ?? null,
      }),
    async eraseExpired(createdBefore, walletAddress) {
      const key = requireGateKey(gateKey);
      // One write transaction: another process may have erased under another key.
      begin.run();
      try {
        recordKeyCheck.run(gateKeyCheck(key));
        verifyGateKey(key);
        const rows = expired.all({
          createdBefore: createdBefore.getTime(),
          wallet: walletAddress?.toLowerCase() ?? null,
        }) as Pick<StoredClaim, "id" | "googleSub">[];
        const now = Date.now();
        let erased = 0;
        for (const { id, googleSub } of rows)
          erased += Number(erase.run(googleAccountFingerprint(key, googleSub), now, id, googleSub).changes);
        commit.run();
        return erased;
      } finally {
        if (db.isTransaction) db.exec("ROLLBACK");
      }
    },
  };
  return repository;
}

function toColumnValue(value: unknown): SQLInputValue {
  if (value instanceof Date) return value.getTime();
  return typeof value === "bigint" ? value.toString() : (value as SQLInputValue);
}

function toRecord(row: Row): ClaimRecord {
  return claimFromStored({
    ...row,
    finalAt: row.finalAt === null ? null : new Date(row.finalAt),
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  });
}
