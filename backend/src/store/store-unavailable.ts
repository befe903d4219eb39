import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";

/** A locked or unreachable database is a passing outage: the visitor gets a 503 with a retry hint, not a 500. */
export function storeUnavailable(cause: unknown): AppError {
  return new AppError("STORE_UNAVAILABLE", { cause, retryAfterSeconds: RETRY_AFTER_SECONDS });
}
