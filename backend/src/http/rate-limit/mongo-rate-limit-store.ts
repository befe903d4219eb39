import mongoose from "mongoose";
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
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
  const counters = connection.collection<CounterDocument>("rate_limits");
  await counters.createIndex({ resetAt: 1 }, { expireAfterSeconds: 0, name: "rate_limits_expiry" });

  const info = (document: CounterDocument | null): ClientRateLimitInfo | undefined =>
    document ? { totalHits: document.hits, resetTime: document.resetAt } : undefined;

  return {
    storeFor(prefix) {
      let windowMs = 60_000;
      const store: Store = {
        prefix,
        localKeys: false,
        init(limiterOptions: Options) {
          windowMs = limiterOptions.windowMs;
        },
        async get(key) {
          return info(await counters.findOne({ _id: prefix + key, resetAt: { $gt: new Date() } }));
        },
        async increment(key) {
          const now = new Date();
          const open = { $gt: ["$resetAt", now] };
          const document = await counters.findOneAndUpdate(
            { _id: prefix + key },
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
          await counters.updateOne(
            { _id: prefix + key, resetAt: { $gt: new Date() }, hits: { $gt: 0 } },
            { $inc: { hits: -1 } },
          );
        },
        async resetKey(key) {
          await counters.deleteOne({ _id: prefix + key });
        },
      };
      return store;
    },
    async close() {
      await connection.close();
    },
  };
}
