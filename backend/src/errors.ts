import { ERROR_CATALOGUE, type ErrorCode } from "@tube/common/errors";

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: { cause?: unknown; detail?: string; retryAfterSeconds?: number } = {}) {
    super(options.detail ?? ERROR_CATALOGUE[code].message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The retry hint of a 503 caused by a passing outage (Engine, the RPC, a locked store). */
export const RETRY_AFTER_SECONDS = 5;
