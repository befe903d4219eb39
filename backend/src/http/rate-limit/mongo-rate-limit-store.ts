import mongoose from "mongoose";
import type { ClientRateLimitInfo } from "express-rate-limit";
import { fixedWindowStore, type FixedWindowCounters } from "./fixed-window-store.ts";
import type { SharedRateLimits } from "./shared-rate-limits.ts";

interface CounterDocument {
  _id: string;
  hits: number;
  resetAt: Date;
}

/**
 * Fixed windows in one collection. Each hit is one findOneAndUpdate with an aggregation-pipeline update (upsert):
 * it opens a new window when the stored one ended and counts the hit, atomically on the server, so every
 * process sees one count. A TTL index drops ended windows.
 */
export async function openMongoRateLimits(options: { uri: string; dbName?: string }): Promise<SharedRateLimits> {
  const connection = mongoose.createConnection(options.uri, {
    ...(options.dbName ? { dbName: options.dbName } : {}),
    bufferCommands: false,
    serverSelectionTimeoutMS: 10_000,
  });
  await connection.asPromise();
  const collection = connection.collection<CounterDocument>("rate_limits");
  await collection.createIndex({ resetAt: 1 }, { expireAfterSeconds: 0, name: "rate_limits_expiry" });

  const info = (document: CounterDocument | null): ClientRateLimitInfo | undefined =>
    document ? { totalHits: document.hits, resetTime: document.resetAt } : undefined;

  const counters: FixedWindowCounters = {
    async get(key) {
      return info(await collection.findOne({ _id: key, resetAt: { $gt: new Date() } }));
    },
    async increment(key, windowMs) {
      const now = new Date();
      const open = { $gt: ["$resetAt", now] };
      const document = await collection.findOneAndUpdate(
        { _id: key },
        [
          {
            $set: {
              hits: { $cond: [open, { $add: ["$hits", 1] }, 1] },
              resetAt: { $cond: [open, "$resetAt", new Date(now.getTime() + windowMs)] },
            },
          },
        ],
        { upsert: true, returnDocument: "after" },
      );
      return info(document) ?? { totalHits: 1, resetTime: new Date(now.getTime() + windowMs) };
    },
    async decrement(key) {
      await collection.updateOne({ _id: key, resetAt: { $gt: new Date() }, hits: { $gt: 0 } }, { $inc: { hits: -1 } });
    },
    async resetKey(key) {
      await collection.deleteOne({ _id: key });
    },
  };

  return {
    storeFor: (prefix) => fixedWindowStore(prefix, counters),
    async close() {
      await connection.close();
    },
  };
}
