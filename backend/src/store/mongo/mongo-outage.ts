import mongoose from "mongoose";
import { storeUnavailable } from "../claim-store.ts";

const { mongo } = mongoose;

/** The driver's errors for a server that cannot be reached or a connection that is gone. */
const UNREACHABLE = [
  mongo.MongoNetworkError,
  mongo.MongoServerSelectionError,
  mongo.MongoTopologyClosedError,
  mongo.MongoNotConnectedError,
  mongo.MongoClientClosedError,
  mongoose.Error.MongooseServerSelectionError,
] as const;

/** A write the driver's retry did not carry past a failover; retrying is safe, as every write is a compare-and-set. */
function isUnreachable(error: unknown): boolean {
  return (
    UNREACHABLE.some((type) => error instanceof type) ||
    (error instanceof mongo.MongoError && error.hasErrorLabel(mongo.MongoErrorLabel.RetryableWriteError))
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
