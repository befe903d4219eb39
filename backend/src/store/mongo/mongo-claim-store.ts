/** The store for several server instances: every part of it shares the one connection `openMongoConnection` makes. */
import mongoose, { type Connection } from "mongoose";
import type { BudgetCounter, ClaimStore, YoutubeQuotaCounter } from "../claim-store.ts";
import { CLAIMS_COLLECTION, openMongoClaimRepository } from "./mongo-claim-repository.ts";
import { mongoOperatorControls } from "./mongo-operator-controls.ts";
import { whenReachable } from "./mongo-outage.ts";
import { openMongoRateLimitCounters } from "./mongo-rate-limit-counters.ts";

export interface MongoConnectionOptions {
  uri: string;
  /** Overrides the database named in the URI (a store check uses one of its own). */
  dbName?: string;
}

export async function openMongoClaimStore(options: MongoConnectionOptions & { gateKey?: string }): Promise<ClaimStore> {
  const connection = await openMongoConnection(options);
  try {
    // The claims first: their indexes exist before the budget counts them and before anyone can reserve.
    const claims = await openMongoClaimRepository(connection, options.gateKey);
    return {
      claims,
      budget: await openMongoBudgetCounter(connection),
      youtubeQuota: mongoYoutubeQuotaCounter(connection),
      rateLimits: await openMongoRateLimitCounters(connection),
      operator: mongoOperatorControls(connection),
      ping: () =>
        whenReachable(async () => {
          await adminOf(connection).ping();
        }),
      async close() {
        await connection.close();
      },
    };
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/** The store's one connection, its own so nothing else shares mongoose's global one. */
export async function openMongoConnection(options: MongoConnectionOptions): Promise<Connection> {
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

/** The budget counter's one document, seeded once with every claim reserved so far (a failed claim keeps its slot). */
async function openMongoBudgetCounter(connection: Connection): Promise<BudgetCounter> {
  const budget = connection.collection<{ _id: string; used: number }>("claim_budget");
  const id = "claims";
  await budget.updateOne(
    { _id: id },
    { $setOnInsert: { used: await connection.collection(CLAIMS_COLLECTION).countDocuments() } },
    { upsert: true },
  );
  return {
    // One conditional findOneAndUpdate: MongoDB applies the filter and the $inc atomically on the document.
    takeSlot: (limit) =>
      whenReachable(
        async () => (await budget.findOneAndUpdate({ _id: id, used: { $lt: limit } }, { $inc: { used: 1 } })) !== null,
      ),
    releaseSlot: () =>
      whenReachable(async () => {
        await budget.updateOne({ _id: id, used: { $gt: 0 } }, { $inc: { used: -1 } });
      }),
    slotsUsed: () => whenReachable(async () => (await budget.findOne({ _id: id }))?.used ?? 0),
  };
}

/** One document per Pacific day; an upserting $inc is atomic, and MongoDB retries colliding first upserts itself. */
function mongoYoutubeQuotaCounter(connection: Connection): YoutubeQuotaCounter {
  const quota = connection.collection<{ _id: string; units: number }>("youtube_quota");
  return {
    add: (day, units) =>
      whenReachable(
        async () =>
          (await quota.findOneAndUpdate({ _id: day }, { $inc: { units } }, { upsert: true, returnDocument: "after" }))
            ?.units ?? units,
      ),
    unitsOn: (day) => whenReachable(async () => (await quota.findOne({ _id: day }))?.units ?? 0),
  };
}
