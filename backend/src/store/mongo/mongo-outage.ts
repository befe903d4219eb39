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

/**
 * Labels of an error that passes with the failover or conflict behind it, once the driver's own retries gave up.
 * Trying again is safe: every write of a transaction is a compare-and-set, which finds its work done or does it.
 */
const PASSING_LABELS = [
  mongo.MongoErrorLabel.RetryableWriteError,
  mongo.MongoErrorLabel.TransientTransactionError,
  mongo.MongoErrorLabel.UnknownTransactionCommitResult,
] as const;

function isUnreachable(error: unknown): boolean {
  return (
    UNREACHABLE.some((type) => error instanceof type) ||
    (error instanceof mongo.MongoError && PASSING_LABELS.some((label) => error.hasErrorLabel(label)))
  );
}

/**
 * Runs one store operation; an unreachable server becomes `STORE_UNAVAILABLE`, anything else passes as it was. Never
 * inside a transaction's callback, which `withTransaction` retries on the driver's own errors.
 */
export async function whenReachable<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw isUnreachable(error) ? storeUnavailable(error) : error;
  }
}
