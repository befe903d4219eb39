/**
 * The claims table. The UNIQUE constraints on wallet and Google account are the once-only gate, and the insert itself
 * also refuses an account whose expired claim keeps only its fingerprint; `transition` is one
 * conditional UPDATE (on status and attempt) so two workers can never both move a claim forward, and the lease is one
 * conditional UPDATE too.
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { UNFINISHED_CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";
import type {
  ClaimFilter,
  ClaimPatch,
  ClaimRecord,
  ClaimRepository,
  ClaimTransition,
  NewClaim,
  ReserveResult,
  TransitionGuard,
} from "../claim-repository.ts";
import {
  googleAccountFingerprint,
  isGoogleAccountFingerprint,
  requireGateKey,
  storedFormsOf,
} from "../google-account-gate.ts";
import { claimFromStored } from "../stored-claim.ts";
import type { SqliteGateKey } from "./sqlite-gate-key.ts";
import { isUniqueViolation, prepare, type Statement } from "./sqlite-statement.ts";

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
  finalAt: "final_at",
} as const satisfies Record<keyof ClaimPatch, string>;

const UNFINISHED_IN = UNFINISHED_CLAIM_STATUSES.map((status) => `'${status}'`).join(", ");
const AWAITING_FINALITY = "status = 'confirmed' AND final_at IS NULL";

interface ClaimRow {
  id: string;
  wallet_address: string;
  google_sub: string;
  amount_wei: string;
  status: ClaimStatus;
  engine_transaction_id: string | null;
  tx_hash: string | null;
  attempts: number;
  last_error: string | null;
  attempt_at_block: string | null;
  lease_owner: string | null;
  lease_until: number | null;
  /** Milliseconds since the epoch, like the two below. */
  final_at: number | null;
  created_at: number;
  updated_at: number;
}

export class SqliteClaimRepository implements ClaimRepository {
  private readonly insert: Statement;
  private readonly byId: Statement;
  private readonly byWallet: Statement;
  private readonly byGoogleSub: Statement;
  private readonly unfinished: Statement;
  private readonly awaitingFinality: Statement;
  private readonly lease: Statement;
  private readonly leases: Statement;
  private readonly begin: Statement;
  private readonly commit: Statement;
  private readonly unlease: Statement;
  private readonly filtered: Statement;
  private readonly expired: Statement;
  private readonly erase: Statement;
  /** Prepared `transition` statements, one per combination of patched columns and status count. */
  private readonly transitions = new Map<string, Statement>();

  /**
   * `gateKey`: the operator's CLAIM_GATE_KEY, which fingerprints the Google account of an expired claim; `keyCheck`:
   * the store's record of the key erasure first used.
   */
  private readonly db: DatabaseSync;
  private readonly gateKey: string | undefined;
  private readonly keyCheck: SqliteGateKey;

  constructor(db: DatabaseSync, gateKey: string | undefined, keyCheck: SqliteGateKey) {
    this.db = db;
    this.gateKey = gateKey;
    this.keyCheck = keyCheck;
    // One statement, so the fingerprint check and the insert happen under one write lock.
    this.insert = prepare(
      db,
      `INSERT INTO claims (id, wallet_address, google_sub, amount_wei, status,
         engine_transaction_id, tx_hash, attempts, last_error, attempt_at_block, lease_owner, lease_until,
         final_at, created_at, updated_at)
       SELECT @id, @wallet_address, @google_sub, @amount_wei, @status,
         @engine_transaction_id, @tx_hash, @attempts, @last_error, @attempt_at_block, @lease_owner, @lease_until,
         @final_at, @created_at, @updated_at
       WHERE NOT EXISTS (SELECT 1 FROM claims WHERE google_sub = @fingerprint)`,
    );
    this.byId = prepare(db, "SELECT * FROM claims WHERE id = ?");
    this.byWallet = prepare(db, "SELECT * FROM claims WHERE wallet_address = ?");
    this.byGoogleSub = prepare(db, "SELECT * FROM claims WHERE google_sub IN (?, ?)");
    this.expired = prepare(
      db,
      `SELECT id, google_sub FROM claims
       WHERE created_at < @created_before AND (@wallet IS NULL OR wallet_address = @wallet)
         AND (google_sub NOT LIKE 'hmac-sha256:%' OR google_email IS NOT NULL)`,
    );
    this.erase = prepare(
      db,
      "UPDATE claims SET google_sub = ?, google_email = NULL, updated_at = ? WHERE id = ? AND google_sub = ?",
    );
    // rowid breaks ties between claims created in the same millisecond.
    this.unfinished = prepare(
      db,
      `SELECT * FROM claims WHERE status IN (${UNFINISHED_IN})
       ORDER BY created_at, rowid`,
    );
    this.awaitingFinality = prepare(db, `SELECT * FROM claims WHERE ${AWAITING_FINALITY} ORDER BY created_at, rowid`);
    this.lease = prepare(
      db,
      `UPDATE claims SET lease_owner = @owner, lease_until = @until
       WHERE id = @id AND (lease_owner IS NULL OR lease_owner = @owner OR lease_until < @now) RETURNING *`,
    );
    // The ids travel as one JSON array: one statement whatever their number, within SQLite's parameter limit.
    this.leases = prepare(
      db,
      `UPDATE claims SET lease_owner = @owner, lease_until = @until
       WHERE id IN (SELECT value FROM json_each(@ids)) AND (status IN (${UNFINISHED_IN}) OR (${AWAITING_FINALITY}))
         AND (lease_owner IS NULL OR lease_owner = @owner OR lease_until < @now) RETURNING *`,
    );
    this.begin = prepare(db, "BEGIN IMMEDIATE");
    this.commit = prepare(db, "COMMIT");
    this.unlease = prepare(
      db,
      "UPDATE claims SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?",
    );
    this.filtered = prepare(
      db,
      `SELECT * FROM claims
       WHERE (@status IS NULL OR status = @status)
         AND (@created_from IS NULL OR created_at >= @created_from)
         AND (@created_before IS NULL OR created_at < @created_before)
       ORDER BY created_at, rowid`,
    );
  }

  async reserve(claim: NewClaim): Promise<ReserveResult> {
    const now = Date.now();
    const row: ClaimRow = {
      id: claim.id,
      wallet_address: claim.walletAddress.toLowerCase(),
      google_sub: claim.googleSub,
      amount_wei: claim.amountWei.toString(),
      status: claim.firstAttempt ? "queued" : "reserved",
      engine_transaction_id: claim.firstAttempt?.engineTransactionId ?? null,
      tx_hash: null,
      attempts: claim.firstAttempt ? 1 : 0,
      last_error: null,
      attempt_at_block: claim.firstAttempt?.attemptAtBlock.toString() ?? null,
      lease_owner: claim.lease.owner,
      lease_until: claim.lease.until,
      final_at: null,
      created_at: now,
      updated_at: now,
    };
    try {
      const [, fingerprint] = storedFormsOf(this.gateKey, row.google_sub);
      if (this.insert.run({ ...row, fingerprint }).changes === 1) return { reserved: true, claim: toRecord(row) };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    // Claims are never deleted, so the row that refused us is still there to read.
    const byWallet = this.byWallet.get(row.wallet_address) as ClaimRow | undefined;
    if (byWallet) return { reserved: false, conflict: "wallet", existing: toRecord(byWallet) };
    const byGoogleSub = await this.findByGoogleSub(row.google_sub);
    if (byGoogleSub) return { reserved: false, conflict: "googleAccount", existing: byGoogleSub };
    throw new Error(`claim ${row.id} was refused, yet neither its wallet nor its Google account holds a claim`);
  }

  async findById(id: string): Promise<ClaimRecord | null> {
    return toRecordOrNull(this.byId.get(id) as ClaimRow | undefined);
  }

  async findByWallet(walletAddress: string): Promise<ClaimRecord | null> {
    return toRecordOrNull(this.byWallet.get(walletAddress.toLowerCase()) as ClaimRow | undefined);
  }

  async findByGoogleSub(googleSub: string): Promise<ClaimRecord | null> {
    return toRecordOrNull(this.byGoogleSub.get(...storedFormsOf(this.gateKey, googleSub)) as ClaimRow | undefined);
  }

  async transition(
    id: string,
    fromStatuses: readonly ClaimStatus[],
    patch: ClaimPatch,
    guard: TransitionGuard = {},
  ): Promise<ClaimRecord | null> {
    return this.transitionNow(id, fromStatuses, patch, guard);
  }

  private transitionNow(
    id: string,
    fromStatuses: readonly ClaimStatus[],
    patch: ClaimPatch,
    guard: TransitionGuard = {},
  ): ClaimRecord | null {
    if (fromStatuses.length === 0) return null;
    const keys = (Object.keys(PATCH_COLUMNS) as (keyof ClaimPatch)[]).filter((key) => patch[key] !== undefined);
    const guarded = guard.attempts !== undefined;
    const statement = this.transitionStatement(keys, fromStatuses.length, guarded);
    const values = keys.map((key) => toColumnValue(patch[key]));
    const row = statement.get(...values, Date.now(), id, ...fromStatuses, ...(guarded ? [guard.attempts!] : []));
    return toRecordOrNull(row as ClaimRow | undefined);
  }

  async acquireLease(id: string, owner: string, now: number, until: number): Promise<ClaimRecord | null> {
    return toRecordOrNull(this.lease.get({ id, owner, now, until }) as ClaimRow | undefined);
  }

  async acquireLeases(ids: readonly string[], owner: string, now: number, until: number): Promise<ClaimRecord[]> {
    if (ids.length === 0) return [];
    return (this.leases.all({ ids: JSON.stringify(ids), owner, now, until }) as ClaimRow[]).map(toRecord);
  }

  async transitionMany(transitions: readonly ClaimTransition[]): Promise<(ClaimRecord | null)[]> {
    if (transitions.length === 0) return [];
    // Every statement here is synchronous, so nothing else on this connection runs inside the transaction.
    this.begin.run();
    try {
      const results = transitions.map(({ id, fromStatuses, patch, guard }) =>
        this.transitionNow(id, fromStatuses, patch, guard),
      );
      this.commit.run();
      return results;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec("ROLLBACK");
      throw error;
    }
  }

  async releaseLease(id: string, owner: string): Promise<void> {
    this.unlease.run(id, owner);
  }

  async listUnfinished(): Promise<ClaimRecord[]> {
    return (this.unfinished.all() as ClaimRow[]).map(toRecord);
  }

  async listAwaitingFinality(): Promise<ClaimRecord[]> {
    return (this.awaitingFinality.all() as ClaimRow[]).map(toRecord);
  }

  async list(filter: ClaimFilter): Promise<ClaimRecord[]> {
    // A NULL parameter switches its condition off, so one prepared statement serves every filter.
    const rows = this.filtered.all({
      status: filter.status ?? null,
      created_from: filter.createdFrom?.getTime() ?? null,
      created_before: filter.createdBefore?.getTime() ?? null,
    });
    return (rows as ClaimRow[]).map(toRecord);
  }

  async eraseExpired(createdBefore: Date, walletAddress?: string): Promise<number> {
    const gateKey = requireGateKey(this.gateKey);
    const now = Date.now();
    let erased = 0;
    this.db.exec("BEGIN IMMEDIATE");
    try {
      // Inside the write lock: another process may have erased under another key since this store was opened.
      this.keyCheck.adopt(gateKey);
      const rows = this.expired.all({
        created_before: createdBefore.getTime(),
        wallet: walletAddress?.toLowerCase() ?? null,
      }) as Array<Pick<ClaimRow, "id" | "google_sub">>;
      for (const { id, google_sub: stored } of rows) {
        const fingerprint = isGoogleAccountFingerprint(stored) ? stored : googleAccountFingerprint(gateKey, stored);
        erased += Number(this.erase.run(fingerprint, now, id, stored).changes);
      }
      this.db.exec("COMMIT");
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
    return erased;
  }

  private transitionStatement(keys: readonly (keyof ClaimPatch)[], statusCount: number, guarded: boolean) {
    const cacheKey = `${keys.join(",")}|${statusCount}|${guarded}`;
    let statement = this.transitions.get(cacheKey);
    if (!statement) {
      const assignments = [...keys.map((key) => `${PATCH_COLUMNS[key]} = ?`), "updated_at = ?"].join(", ");
      const placeholders = Array.from({ length: statusCount }, () => "?").join(", ");
      statement = prepare(
        this.db,
        `UPDATE claims SET ${assignments} WHERE id = ? AND status IN (${placeholders})${guarded ? " AND attempts = ?" : ""} RETURNING *`,
      );
      this.transitions.set(cacheKey, statement);
    }
    return statement;
  }
}

function toColumnValue(value: ClaimPatch[keyof ClaimPatch]): SQLInputValue {
  if (value instanceof Date) return value.getTime();
  return typeof value === "bigint" ? value.toString() : (value as SQLInputValue);
}

function toRecordOrNull(row: ClaimRow | undefined): ClaimRecord | null {
  return row ? toRecord(row) : null;
}

function toRecord(row: ClaimRow): ClaimRecord {
  return claimFromStored({
    id: row.id,
    walletAddress: row.wallet_address,
    googleSub: row.google_sub,
    amountWei: row.amount_wei,
    status: row.status,
    engineTransactionId: row.engine_transaction_id,
    txHash: row.tx_hash,
    attempts: row.attempts,
    lastError: row.last_error,
    attemptAtBlock: row.attempt_at_block,
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until,
    finalAt: row.final_at === null ? null : new Date(row.final_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });
}
