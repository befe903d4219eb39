import type { Store } from "express-rate-limit";
import { openMongoRateLimits } from "./mongo-rate-limit-store.ts";
import { openSqliteRateLimits } from "./sqlite-rate-limit-store.ts";

/**
 * Rate-limit counters kept in the store the claims use, so several stateless server processes behind one load
 * balancer share one limit per client instead of each granting its own.
 */
export interface SharedRateLimits {
  /** One express-rate-limit Store per limiter: express-rate-limit refuses one store shared by two limiters. */
  storeFor(prefix: string): Store;
  close(): Promise<void>;
}

/** Shares limits through MongoDB when the claims live there, else through a SQLite file beside the claims. */
export async function openSharedRateLimits(options: {
  mongodbUri?: string;
  dataDir: string;
}): Promise<SharedRateLimits> {
  return options.mongodbUri
    ? openMongoRateLimits({ uri: options.mongodbUri })
    : openSqliteRateLimits({ dataDir: options.dataDir });
}
