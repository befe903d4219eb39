import mongoose, { Schema, type Connection, type QueryFilter, type QueryOptions } from "mongoose";
import { CLAIM_STATUSES, UNFINISHED_CLAIM_STATUSES } from "@tube/common/constants";
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
import { whenReachable } from "./mongo-outage.ts";

export const CLAIMS_COLLECTION = "claims";
const DUPLICATE_KEY = 11000;

type ClaimDocument = Omit<StoredClaim, "id"> & { _id: string };

const [given, absent] = [
  { type: String, required: true },
  { type: String, default: null },
];
const claimSchema = new Schema<ClaimDocument>(
  {
    _id: given,
    walletAddress: { ...given, lowercase: true },
    googleSub: given,
    amountWei: given,
    status: { ...given, enum: CLAIM_STATUSES },
    engineTransactionId: absent,
    txHash: absent,
    attempts: { type: Number, required: true, default: 0 },
    lastError: absent,
    attemptAtBlock: absent,
    leaseOwner: absent,
    leaseUntil: { type: Number, default: null },
    finalAt: { type: Date, default: null },
  },
  // Indexes are built, and awaited, in openMongoClaimRepository.
  { collection: CLAIMS_COLLECTION, timestamps: true, versionKey: false, autoIndex: false, strict: "throw" },
);
claimSchema.index({ walletAddress: 1 }, { unique: true, name: "claims_wallet_unique" });
claimSchema.index({ googleSub: 1 }, { unique: true, name: "claims_google_sub_unique" });
claimSchema.index({ status: 1, createdAt: 1 }, { name: "claims_status_created" });

const AWAITING_FINALITY = { status: "confirmed" as const, finalAt: null };
const leaseFree = (owner: string, now: number) => ({
  $or: [{ leaseOwner: null }, { leaseOwner: owner }, { leaseUntil: { $lt: now } }],
});

export async function openMongoClaimRepository(connection: Connection, gateKey: string | undefined) {
  // Written by the first erasure.
  const keyChecks = connection.collection<{ _id: string; keyCheck: string }>("claim_gate_key");
  const keyCheckId = "claims";
  const verifyGateKey = async (refusing?: string) =>
    assertGateKeyMatches((await keyChecks.findOne({ _id: keyCheckId }))?.keyCheck ?? null, gateKey, refusing);
  await whenReachable(() => verifyGateKey());
  const claims = connection.model<ClaimDocument>("Claim", claimSchema);
  await claims.init();
  // The unique indexes are the gate: they must exist before the first insert.
  await claims.createIndexes();

  const findOne = (filter: QueryFilter<ClaimDocument>) =>
    whenReachable(async () => toRecordOrNull(await claims.findOne(filter).lean<ClaimDocument>().exec()));
  // Oldest first; `_id` breaks ties.
  const findAll = (filter: QueryFilter<ClaimDocument>) =>
    whenReachable(async () => {
      const found = await claims.find(filter).sort({ createdAt: 1, _id: 1 }).lean<ClaimDocument[]>().exec();
      return found.map(toRecord);
    });
  const updated = (filter: QueryFilter<ClaimDocument>, set: object, options: QueryOptions<ClaimDocument>) =>
    whenReachable(async () => {
      const after = { ...options, returnDocument: "after" } as const;
      return toRecordOrNull(await claims.findOneAndUpdate(filter, { $set: set }, after).lean<ClaimDocument>().exec());
    });

  const repository: ClaimRepository = {
    reserve: (claim) =>
      whenReachable(async () => {
        // No unique index compares an erased claim's fingerprint with the id, so both are read first.
        await verifyGateKey("new claims");
        const [, fingerprint] = storedFormsOf(gateKey, claim.googleSub);
        if (fingerprint !== claim.googleSub && (await findOne({ googleSub: fingerprint })))
          return refusalOf(repository, claim);
        const { id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = reservedClaim(claim, new Date());
        try {
          return { reserved: true, claim: toRecord((await claims.create({ _id: id, ...fields })).toObject()) };
        } catch (error) {
          if (!isWalletOrAccountDuplicate(error)) throw error;
          return refusalOf(repository, claim, error);
        }
      }),
    findById: (id) => findOne({ _id: id }),
    findByWallet: (walletAddress) => findOne({ walletAddress: walletAddress.toLowerCase() }),
    findByGoogleSub: (googleSub) => findOne({ googleSub: { $in: storedFormsOf(gateKey, googleSub) } }),
    async transition(id, fromStatuses, patch, guard = {}) {
      if (fromStatuses.length === 0) return null;
      const set = Object.fromEntries(
        Object.entries(patch)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, typeof value === "bigint" ? value.toString() : value]),
      );
      const attempts = guard.attempts !== undefined ? { attempts: guard.attempts } : {};
      return updated({ _id: id, status: { $in: [...fromStatuses] }, ...attempts }, set, { runValidators: true });
    },
    // timestamps: false, so a renewed lease does not look like progress.
    acquireLease: (id, owner, now, until) =>
      updated({ _id: id, ...leaseFree(owner, now) }, { leaseOwner: owner, leaseUntil: until }, { timestamps: false }),
    releaseLease: (id, owner) =>
      whenReachable(async () => {
        const free = { $set: { leaseOwner: null, leaseUntil: null } };
        await claims.updateOne({ _id: id, leaseOwner: owner }, free, { timestamps: false }).exec();
      }),
    eraseExpired: (createdBefore, walletAddress) =>
      whenReachable(async () => {
        const key = requireGateKey(gateKey);
        // Before any fingerprint: of two erasures racing under different keys, the first wins.
        const recorded = await keyChecks.findOneAndUpdate(
          { _id: keyCheckId },
          { $setOnInsert: { keyCheck: gateKeyCheck(key) } },
          { upsert: true, returnDocument: "after" },
        );
        assertGateKeyMatches(recorded?.keyCheck ?? null, key);
        const expired = await claims
          .find({
            createdAt: { $lt: createdBefore },
            ...(walletAddress === undefined ? {} : { walletAddress: walletAddress.toLowerCase() }),
            googleSub: { $not: /^hmac-sha256:/ },
          })
          .select({ googleSub: 1 })
          .lean<Array<Pick<ClaimDocument, "_id" | "googleSub">>>()
          .exec();
        if (expired.length === 0) return 0;
        const result = await claims.bulkWrite(
          expired.map(({ _id, googleSub }) => ({
            updateOne: {
              filter: { _id, googleSub },
              update: { $set: { googleSub: googleAccountFingerprint(key, googleSub) } },
            },
          })),
        );
        return result.modifiedCount;
      }),
    listUnfinished: () => findAll({ status: { $in: [...UNFINISHED_CLAIM_STATUSES] } }),
    listAwaitingFinality: () => findAll(AWAITING_FINALITY),
    list: (filter) => {
      const createdAt = {
        ...(filter.createdFrom ? { $gte: filter.createdFrom } : {}),
        ...(filter.createdBefore ? { $lt: filter.createdBefore } : {}),
      };
      return findAll({
        ...(filter.status ? { status: filter.status } : {}),
        ...(Object.keys(createdAt).length > 0 ? { createdAt } : {}),
      });
    },
  };
  return repository;
}

/** A duplicate key on anything but `_id` (a reused claim id is a bug). */
function isWalletOrAccountDuplicate(error: unknown) {
  if (!(error instanceof mongoose.mongo.MongoServerError) || error.code !== DUPLICATE_KEY) return false;
  const key: unknown = error.keyPattern ?? error.keyValue;
  return !(typeof key === "object" && key !== null && "_id" in key);
}

function toRecordOrNull(document: ClaimDocument | null): ClaimRecord | null {
  return document ? toRecord(document) : null;
}

function toRecord({ _id, ...document }: ClaimDocument): ClaimRecord {
  return claimFromStored({ ...document, id: _id });
}
