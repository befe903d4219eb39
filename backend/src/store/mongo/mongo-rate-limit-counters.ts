import type { Connection } from "mongoose";
import { RateLimiterMongo } from "rate-limiter-flexible";
import { limiterCounters, type RateLimitCounters } from "../rate-limit-counters.ts";
import { whenReachable } from "./mongo-outage.ts";

/** rate-limiter-flexible's MongoDB store: each hit one atomic upsert on the server; a TTL index drops ended windows. */
export async function openMongoRateLimitCounters(connection: Connection): Promise<RateLimitCounters> {
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
