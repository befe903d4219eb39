import mongoose from "mongoose";
import { storeUnavailable } from "../store-unavailable.ts";

const { mongo } = mongoose;

/**
 * The driver's errors for a server that cannot be reached or a connection that is gone: network failures and
 * time-outs, no server to select, and a client or topology already closed.
 */
const UNREACHABLE = [
  mongo.MongoNetworkError,
  mongo.MongoServerSelectionError,
  mongo.MongoTopologyClosedError,
  mongo.MongoNotConnectedError,
  mongo.MongoClientClosedError,
  mongoose.Error.MongooseServerSelectionError,
] as const;

function isUnreachable(error: unknown): boolean {
  // A failover the driver's one retry did not outlast is passing too.
  return (
    UNREACHABLE.some((type) => error instanceof type) ||
    (error instanceof mongo.MongoError && error.hasErrorLabel("RetryableWriteError"))
  );
}

/** Runs one store operation; an unreachable server becomes `STORE_UNAVAILABLE`, anything else passes as it was. */
export async function whenReachable<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw isUnreachable(error) ? storeUnavailable(error) : error;
  }
}
