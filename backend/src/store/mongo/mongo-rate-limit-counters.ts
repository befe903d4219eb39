import type { Connection } from "mongoose";
import type { RateLimitCounters, RateLimitWindow } from "../rate-limit-counters.ts";
import { whenReachable } from "./mongo-outage.ts";

interface CounterDocument {
  _id: string;
  hits: number;
  resetAt: Date;
}

/** Counters may lose their last hits in a failover: one acknowledgement is enough, unlike the claims. */
const COUNTER_WRITE = { writeConcern: { w: 1 } } as const;

/**
 * Fixed windows in one collection. Each hit is one findOneAndUpdate with an aggregation-pipeline update (upsert):
 * it opens a new window when the stored one ended and counts the hit, atomically on the server, so every
 * process sees one count. A TTL index drops ended windows.
 */
export async function openMongoRateLimitCounters(connection: Connection): Promise<RateLimitCounters> {
  const collection = connection.collection<CounterDocument>("rate_limits");
  await collection.createIndex({ resetAt: 1 }, { expireAfterSeconds: 0, name: "rate_limits_expiry" });

  const toWindow = (document: CounterDocument | null): RateLimitWindow | undefined =>
    document ? { totalHits: document.hits, resetTime: document.resetAt } : undefined;

  return {
    get: (key) =>
      whenReachable(async () => toWindow(await collection.findOne({ _id: key, resetAt: { $gt: new Date() } }))),
    increment: (key, windowMs) =>
      whenReachable(async () => {
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
          { upsert: true, returnDocument: "after", ...COUNTER_WRITE },
        );
        return toWindow(document) ?? { totalHits: 1, resetTime: new Date(now.getTime() + windowMs) };
      }),
    decrement: (key) =>
      whenReachable(async () => {
        await collection.updateOne(
          { _id: key, resetAt: { $gt: new Date() }, hits: { $gt: 0 } },
          { $inc: { hits: -1 } },
          COUNTER_WRITE,
        );
      }),
    resetKey: (key) =>
      whenReachable(async () => {
        await collection.deleteOne({ _id: key }, COUNTER_WRITE);
      }),
  };
}
