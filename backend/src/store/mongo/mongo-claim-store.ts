import mongoose, { type Connection } from "mongoose";
import { RateLimiterMongo } from "rate-limiter-flexible";
import {
  canonicalDenyValue,
  limiterCounters,
  type BudgetCounter,
  type ClaimStore,
  type DenyKind,
  type OperatorControls,
  type OperatorControlsStore,
} from "../claim-store.ts";
import { CLAIMS_COLLECTION, openMongoClaimRepository } from "./mongo-claim-repository.ts";
import { whenReachable } from "./mongo-outage.ts";

export interface MongoConnectionOptions {
  uri: string;
  /** Overrides the URI's database (a store check uses one of its own). */
  dbName?: string;
}

export async function openMongoClaimStore(options: MongoConnectionOptions & { gateKey?: string }): Promise<ClaimStore> {
  const connection = await openMongoConnection(options);
  try {
    // First: the indexes exist before the budget counts claims or anyone reserves.
    const claims = await openMongoClaimRepository(connection, options.gateKey);
    const { operatorActions, ...counters } = await openMongoCounters(connection);
    return {
      claims,
      budget: await openMongoBudgetCounter(connection),
      ...counters,
      operator: { ...mongoOperatorControls(connection), ...operatorActions },
      ping: () => whenReachable(async () => void (await adminOf(connection).ping())),
      close: () => connection.close(),
    };
  } catch (error) {
    await connection.close();
    throw error;
  }
}

export async function openMongoConnection(options: MongoConnectionOptions) {
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
  } catch (error) {
    await connection.close();
    throw error;
  }
  return connection;
}

function adminOf(connection: Connection): mongoose.mongo.Admin {
  const db = connection.db;
  if (!db) throw new Error("MongoDB connection is not open");
  return db.admin();
}

/** One document, seeded once with the count of claims so far. */
async function openMongoBudgetCounter(connection: Connection): Promise<BudgetCounter> {
  const budget = connection.collection<{ _id: string; used: number }>("claim_budget");
  const id = "claims";
  await budget.updateOne(
    { _id: id },
    { $setOnInsert: { used: await connection.collection(CLAIMS_COLLECTION).countDocuments() } },
    { upsert: true },
  );
  return {
    takeSlot: (limit) =>
      whenReachable(
        async () => (await budget.findOneAndUpdate({ _id: id, used: { $lt: limit } }, { $inc: { used: 1 } })) !== null,
      ),
    releaseSlot: () =>
      whenReachable(async () => void (await budget.updateOne({ _id: id, used: { $gt: 0 } }, { $inc: { used: -1 } }))),
    slotsUsed: () => whenReachable(async () => (await budget.findOne({ _id: id }))?.used ?? 0),
  };
}

/** Each hit one atomic upsert; a TTL index drops ended windows. */
async function openMongoCounters(connection: Connection) {
  const limiter = new RateLimiterMongo({
    storeClient: connection.getClient(),
    dbName: connection.name,
    tableName: "rate_limiter",
    keyPrefix: "",
    points: 1,
    duration: 60,
    disableIndexesCreation: true,
  });
  await whenReachable(() => limiter.createIndexes());
  return limiterCounters(limiter, whenReachable);
}

/** Absent until the first pause. */
const CONTROLS_ID = "claims";

function mongoOperatorControls(connection: Connection): OperatorControlsStore {
  const controls = connection.collection<OperatorControls & { _id: string }>("operator_controls");
  // `_id` is `<kind>:<value>`, so denying twice is one upsert and a lookup needs no second index.
  const denied = connection.collection<{
    _id: string;
    kind: DenyKind;
    value: string;
    deniedBy: string;
    deniedAt: Date;
  }>("denied");
  return {
    setPaused: (paused, by) =>
      whenReachable(async () => {
        const set = { paused, pausedBy: paused ? by : null, pausedAt: paused ? new Date() : null };
        await controls.updateOne({ _id: CONTROLS_ID }, { $set: set }, { upsert: true });
        return set;
      }),
    controls: () =>
      whenReachable(async () => {
        const found = await controls.findOne({ _id: CONTROLS_ID });
        return { paused: found?.paused ?? false, pausedBy: found?.pausedBy ?? null, pausedAt: found?.pausedAt ?? null };
      }),
    deny: (kind, value, by) =>
      whenReachable(async () => {
        const canonical = canonicalDenyValue(kind, value);
        await denied.updateOne(
          { _id: `${kind}:${canonical}` },
          { $setOnInsert: { kind, value: canonical, deniedBy: by, deniedAt: new Date() } },
          { upsert: true },
        );
      }),
    allow: (kind, value) =>
      whenReachable(async () => {
        const { deletedCount } = await denied.deleteOne({ _id: `${kind}:${canonicalDenyValue(kind, value)}` });
        return deletedCount > 0;
      }),
    isDenied: (walletAddress, googleSub) =>
      whenReachable(async () => {
        const ids = [
          ...(walletAddress !== null ? [`wallet:${walletAddress.toLowerCase()}`] : []),
          ...(googleSub !== null ? [`googleAccount:${googleSub}`] : []),
        ];
        if (ids.length === 0) return null;
        const kinds = (await denied.find({ _id: { $in: ids } }).toArray()).map((entry) => entry.kind);
        return kinds.includes("wallet") ? "wallet" : (kinds[0] ?? null);
      }),
  };
}
