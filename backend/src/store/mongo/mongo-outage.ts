import mongoose from "mongoose";
import { storeUnavailable } from "../claim-store.ts";

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

/** Labels the driver or the server put on an error that passes with the failover or the conflict behind it. */
const PASSING_LABELS = [
  // A failover the driver's one retry of a single write did not outlast.
  mongo.MongoErrorLabel.RetryableWriteError,
  // A transaction aborted by a failover, a dropped connection or a write conflict: `withTransaction` (the driver's
  // lib/sessions.js) runs it again for up to 120 s and then gives up with this error; nothing of it was written.
  mongo.MongoErrorLabel.TransientTransactionError,
  // A commit whose outcome is unknown, after the driver's own retries of it. Trying again is safe: every write of a
  // transaction is a compare-and-set, which finds its work done (and answers null) or does it.
  mongo.MongoErrorLabel.UnknownTransactionCommitResult,
] as const;

function isUnreachable(error: unknown): boolean {
  return (
    UNREACHABLE.some((type) => error instanceof type) ||
    (error instanceof mongo.MongoError && PASSING_LABELS.some((label) => error.hasErrorLabel(label)))
  );
}

/**
 * Runs one store operation; an unreachable server becomes `STORE_UNAVAILABLE`, anything else passes as it was.
 * Never inside a transaction's callback: `withTransaction` decides on the driver's own errors and labels, which this
 * replaces.
 */
export async function whenReachable<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw isUnreachable(error) ? storeUnavailable(error) : error;
  }
}
