/**
 * The store for several server instances: MongoDB's unique indexes on wallet and
 * Google account are the once-only gate, and `transition` is one findOneAndUpdate
 * filtered on status and attempt, an atomic compare-and-set; so is the lease. Uses its own connection so nothing else shares mongoose's global one.
 */
import mongoose, { Schema, type Connection, type Model } from "mongoose";
import { CLAIM_STATUSES, UNFINISHED_CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";
import {
  canonicalDenyValue,
  type ClaimFilter,
  type ClaimPatch,
  type ClaimRecord,
  type ClaimStore,
  type DenyKind,
  type NewClaim,
  type OperatorAction,
  type OperatorControls,
  type ReserveResult,
  type TransitionGuard,
} from "../claim-store.ts";
import { claimFromStored, type StoredClaim } from "../stored-claim.ts";

export interface MongoClaimStoreOptions {
  uri: string;
  /** Overrides the database named in the URI (tests use one database per run). */
  dbName?: string;
}

const DUPLICATE_KEY = 11000;
/** The budget counter's collection and its one document. */
const BUDGET_COLLECTION = "claim_budget";
const BUDGET_ID = "claims";

interface BudgetDocument {
  _id: string;
  used: number;
}

/** YouTube quota units per Pacific day (`_id`), so every process adds to and reads the same count (ADR 11). */
const YOUTUBE_QUOTA_COLLECTION = "youtube_quota";

interface YoutubeQuotaDocument {
  _id: string;
  units: number;
}

/** The operator's pause switch: one document, absent until the first pause (open). */
const CONTROLS_COLLECTION = "operator_controls";
const CONTROLS_ID = "claims";

interface ControlsDocument {
  _id: string;
  paused: boolean;
  pausedBy: string | null;
  pausedAt: Date | null;
}

/** The deny list: `_id` is `<kind>:<value>`, so denying twice is one upsert and a lookup needs no second index. */
const DENIED_COLLECTION = "denied";

interface DeniedDocument {
  _id: string;
  kind: DenyKind;
  value: string;
  deniedBy: string;
  deniedAt: Date;
}

/** One document per operator action (`_id`), counting how often it was taken. */
const OPERATOR_ACTIONS_COLLECTION = "operator_actions";

interface OperatorActionDocument {
  _id: OperatorAction;
  count: number;
}

/** A stored claim with its id as the document's _id, so lookups by id need no second index. */
type ClaimDocument = Omit<StoredClaim, "id"> & { _id: string };

const claimSchema = new Schema<ClaimDocument>(
  {
    _id: { type: String, required: true },
    walletAddress: { type: String, required: true, lowercase: true },
    googleSub: { type: String, required: true },
    googleEmail: { type: String, required: true },
    amountWei: { type: String, required: true },
    status: { type: String, required: true, enum: CLAIM_STATUSES },
    engineTransactionId: { type: String, default: null },
    txHash: { type: String, default: null },
    attempts: { type: Number, required: true, default: 0 },
    lastError: { type: String, default: null },
    reservedAtBlock: { type: String, default: null },
    attemptAtBlock: { type: String, default: null },
    leaseOwner: { type: String, default: null },
    leaseUntil: { type: Number, default: null },
  },
  // Indexes are built explicitly (and awaited) in openMongoClaimStore, not in the background.
  { collection: "claims", timestamps: true, versionKey: false, autoIndex: false, strict: "throw" },
);
claimSchema.index({ walletAddress: 1 }, { unique: true, name: "claims_wallet_unique" });
claimSchema.index({ googleSub: 1 }, { unique: true, name: "claims_google_sub_unique" });
claimSchema.index({ status: 1, createdAt: 1 }, { name: "claims_status_created" });

export async function openMongoClaimStore(options: MongoClaimStoreOptions): Promise<ClaimStore> {
  const connection = mongoose.createConnection(options.uri, {
    ...(options.dbName ? { dbName: options.dbName } : {}),
    // Fail fast instead of queueing queries while the server is unreachable.
    bufferCommands: false,
    serverSelectionTimeoutMS: 10_000,
    // An acknowledged reservation must survive a failover: a rolled-back one would let the wallet claim again.
    w: "majority",
    journal: true,
    readConcernLevel: "majority",
  });
  try {
    await connection.asPromise();
    const model = connection.model<ClaimDocument>("Claim", claimSchema);
    await model.init();
    // The unique indexes are the gate: they must exist before the first insert.
    await model.createIndexes();
    // Seeded once with every claim reserved so far (a failed claim keeps its slot); later opens change nothing.
    const budget = connection.collection<BudgetDocument>(BUDGET_COLLECTION);
    await budget.updateOne(
      { _id: BUDGET_ID },
      { $setOnInsert: { used: await model.countDocuments().exec() } },
      { upsert: true },
    );
    return new MongoClaimStore(connection, model);
  } catch (error) {
    await connection.close();
    throw error;
  }
}

class MongoClaimStore implements ClaimStore {
  constructor(
    private readonly connection: Connection,
    private readonly claims: Model<ClaimDocument>,
  ) {}

  async reserve(claim: NewClaim): Promise<ReserveResult> {
    const walletAddress = claim.walletAddress.toLowerCase();
    try {
      const created = await this.claims.create({
        _id: claim.id,
        walletAddress,
        googleSub: claim.googleSub,
        googleEmail: claim.googleEmail,
        amountWei: claim.amountWei.toString(),
        status: "reserved",
        attempts: 0,
        reservedAtBlock: claim.reservedAtBlock?.toString() ?? null,
        leaseOwner: claim.lease.owner,
        leaseUntil: claim.lease.until,
      });
      return { reserved: true, claim: toRecord(created.toObject()) };
    } catch (error) {
      if (!isWalletOrAccountDuplicate(error)) throw error;
      // Wallet first, whichever index the server happened to report: both adapters answer alike.
      // Claims are never deleted, so the document that refused us is still there to read.
      const byWallet = await this.findByWallet(walletAddress);
      if (byWallet) return { reserved: false, conflict: "wallet", existing: byWallet };
      const byGoogleSub = await this.findByGoogleSub(claim.googleSub);
      if (byGoogleSub) return { reserved: false, conflict: "googleAccount", existing: byGoogleSub };
      throw error;
    }
  }

  async findById(id: string): Promise<ClaimRecord | null> {
    return toRecordOrNull(await this.claims.findById(id).lean<ClaimDocument>().exec());
  }

  async findByWallet(walletAddress: string): Promise<ClaimRecord | null> {
    const found = await this.claims
      .findOne({ walletAddress: walletAddress.toLowerCase() })
      .lean<ClaimDocument>()
      .exec();
    return toRecordOrNull(found);
  }

  async findByGoogleSub(googleSub: string): Promise<ClaimRecord | null> {
    return toRecordOrNull(await this.claims.findOne({ googleSub }).lean<ClaimDocument>().exec());
  }

  async transition(
    id: string,
    fromStatuses: readonly ClaimStatus[],
    patch: ClaimPatch,
    guard: TransitionGuard = {},
  ): Promise<ClaimRecord | null> {
    if (fromStatuses.length === 0) return null;
    const set = Object.fromEntries(
      Object.entries(patch)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, typeof value === "bigint" ? value.toString() : value]),
    );
    const filter = {
      _id: id,
      status: { $in: [...fromStatuses] },
      ...(guard.attempts !== undefined ? { attempts: guard.attempts } : {}),
    };
    const updated = await this.claims
      .findOneAndUpdate(filter, { $set: set }, { returnDocument: "after", runValidators: true })
      .lean<ClaimDocument>()
      .exec();
    return toRecordOrNull(updated);
  }

  async acquireLease(id: string, owner: string, now: number, until: number): Promise<ClaimRecord | null> {
    const updated = await this.claims
      .findOneAndUpdate(
        { _id: id, $or: [{ leaseOwner: null }, { leaseOwner: owner }, { leaseUntil: { $lt: now } }] },
        // timestamps: false, so a renewed lease does not look like progress.
        { $set: { leaseOwner: owner, leaseUntil: until } },
        { returnDocument: "after", timestamps: false },
      )
      .lean<ClaimDocument>()
      .exec();
    return toRecordOrNull(updated);
  }

  async releaseLease(id: string, owner: string): Promise<void> {
    await this.claims
      .updateOne(
        { _id: id, leaseOwner: owner },
        { $set: { leaseOwner: null, leaseUntil: null } },
        { timestamps: false },
      )
      .exec();
  }

  async listUnfinished(): Promise<ClaimRecord[]> {
    const found = await this.claims
      .find({ status: { $in: [...UNFINISHED_CLAIM_STATUSES] } })
      .sort({ createdAt: 1, _id: 1 })
      .lean<ClaimDocument[]>()
      .exec();
    return found.map(toRecord);
  }

  async list(filter: ClaimFilter): Promise<ClaimRecord[]> {
    const createdAt = {
      ...(filter.createdFrom ? { $gte: filter.createdFrom } : {}),
      ...(filter.createdBefore ? { $lt: filter.createdBefore } : {}),
    };
    const found = await this.claims
      .find({
        ...(filter.status ? { status: filter.status } : {}),
        ...(Object.keys(createdAt).length > 0 ? { createdAt } : {}),
      })
      .sort({ createdAt: 1, _id: 1 })
      .lean<ClaimDocument[]>()
      .exec();
    return found.map(toRecord);
  }

  async takeBudgetSlot(limit: number): Promise<boolean> {
    // One conditional findOneAndUpdate: MongoDB applies the filter and the $inc atomically on the document.
    const taken = await this.budget().findOneAndUpdate({ _id: BUDGET_ID, used: { $lt: limit } }, { $inc: { used: 1 } });
    return taken !== null;
  }

  async releaseBudgetSlot(): Promise<void> {
    await this.budget().updateOne({ _id: BUDGET_ID, used: { $gt: 0 } }, { $inc: { used: -1 } });
  }

  async budgetSlotsUsed(): Promise<number> {
    return (await this.budget().findOne({ _id: BUDGET_ID }))?.used ?? 0;
  }

  async addYoutubeQuotaUnits(day: string, units: number): Promise<number> {
    // An upserting $inc is atomic on the one document, whichever process sends it; two first upserts of a day that
    // collide on _id are retried by the server itself, the filter being an equality on the unique key (SERVER-37124,
    // SERVER-47212 for findAndModify), so none is lost.
    const spent = await this.youtubeQuota().findOneAndUpdate(
      { _id: day },
      { $inc: { units } },
      { upsert: true, returnDocument: "after" },
    );
    return spent?.units ?? units;
  }

  async youtubeQuotaUnits(day: string): Promise<number> {
    return (await this.youtubeQuota().findOne({ _id: day }))?.units ?? 0;
  }

  async setPaused(paused: boolean, by: string): Promise<OperatorControls> {
    const set = { paused, pausedBy: paused ? by : null, pausedAt: paused ? new Date() : null };
    await this.connection
      .collection<ControlsDocument>(CONTROLS_COLLECTION)
      .updateOne({ _id: CONTROLS_ID }, { $set: set }, { upsert: true });
    return set;
  }

  async controls(): Promise<OperatorControls> {
    const found = await this.connection.collection<ControlsDocument>(CONTROLS_COLLECTION).findOne({ _id: CONTROLS_ID });
    return { paused: found?.paused ?? false, pausedBy: found?.pausedBy ?? null, pausedAt: found?.pausedAt ?? null };
  }

  async deny(kind: DenyKind, value: string, by: string): Promise<void> {
    const canonical = canonicalDenyValue(kind, value);
    await this.denied().updateOne(
      { _id: `${kind}:${canonical}` },
      { $setOnInsert: { kind, value: canonical, deniedBy: by, deniedAt: new Date() } },
      { upsert: true },
    );
  }

  async allow(kind: DenyKind, value: string): Promise<boolean> {
    const { deletedCount } = await this.denied().deleteOne({ _id: `${kind}:${canonicalDenyValue(kind, value)}` });
    return deletedCount > 0;
  }

  async isDenied(walletAddress: string | null, googleSub: string | null): Promise<DenyKind | null> {
    const ids = [
      ...(walletAddress !== null ? [`wallet:${walletAddress.toLowerCase()}`] : []),
      ...(googleSub !== null ? [`googleAccount:${googleSub}`] : []),
    ];
    if (ids.length === 0) return null;
    const kinds = (
      await this.denied()
        .find({ _id: { $in: ids } })
        .toArray()
    ).map((entry) => entry.kind);
    return kinds.includes("wallet") ? "wallet" : (kinds[0] ?? null);
  }

  async countOperatorAction(action: OperatorAction): Promise<void> {
    await this.connection
      .collection<OperatorActionDocument>(OPERATOR_ACTIONS_COLLECTION)
      .updateOne({ _id: action }, { $inc: { count: 1 } }, { upsert: true });
  }

  async operatorActionCounts(): Promise<Partial<Record<OperatorAction, number>>> {
    const found = await this.connection
      .collection<OperatorActionDocument>(OPERATOR_ACTIONS_COLLECTION)
      .find()
      .toArray();
    return Object.fromEntries(found.map((entry) => [entry._id, entry.count]));
  }

  async ping(): Promise<void> {
    const db = this.connection.db;
    if (!db) throw new Error("MongoDB connection is not open");
    await db.admin().ping();
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private budget() {
    return this.connection.collection<BudgetDocument>(BUDGET_COLLECTION);
  }

  private denied() {
    return this.connection.collection<DeniedDocument>(DENIED_COLLECTION);
  }

  private youtubeQuota() {
    return this.connection.collection<YoutubeQuotaDocument>(YOUTUBE_QUOTA_COLLECTION);
  }
}

/**
 * A duplicate-key error on anything but `_id` (a reused claim id is a bug, not a conflict).
 * Servers that omit `keyPattern`/`keyValue` still count: the lookups that follow decide.
 */
function isWalletOrAccountDuplicate(error: unknown): boolean {
  if (!(error instanceof mongoose.mongo.MongoServerError) || error.code !== DUPLICATE_KEY) return false;
  const key: unknown = error.keyPattern ?? error.keyValue;
  return !(typeof key === "object" && key !== null && "_id" in key);
}

function toRecordOrNull(document: ClaimDocument | null): ClaimRecord | null {
  return document ? toRecord(document) : null;
}

function toRecord({ _id, ...document }: ClaimDocument): ClaimRecord {
  // A field added to the schema after a document was written is missing from it, not null.
  return claimFromStored({
    ...document,
    id: _id,
    engineTransactionId: document.engineTransactionId ?? null,
    txHash: document.txHash ?? null,
    lastError: document.lastError ?? null,
    reservedAtBlock: document.reservedAtBlock ?? null,
    attemptAtBlock: document.attemptAtBlock ?? null,
    leaseOwner: document.leaseOwner ?? null,
    leaseUntil: document.leaseUntil ?? null,
  });
}
