import mongoose from "mongoose";
import { storeUnavailable } from "../claim-store.ts";

const { mongo } = mongoose;

const UNREACHABLE = [
  mongo.MongoNetworkError,
  mongo.MongoServerSelectionError,
  mongo.MongoTopologyClosedError,
  mongo.MongoNotConnectedError,
  mongo.MongoClientClosedError,
  mongoose.Error.MongooseServerSelectionError,
] as const;

/** Also a write the driver's retry did not carry past a failover: every write is a compare-and-set. */
function isUnreachable(error: unknown) {
  return (
    UNREACHABLE.some((type) => error instanceof type) ||
    (error instanceof mongo.MongoError && error.hasErrorLabel(mongo.MongoErrorLabel.RetryableWriteError))
  );
}

export async function whenReachable<T>(operation: () => Promise<T>) {
  try {
    return await operation();
  } catch (error) {
    throw isUnreachable(error) ? storeUnavailable(error) : error;
  }
}
