import type { ErrorRequestHandler, RequestHandler } from "express";
import type { ApiErrorBody } from "@tube/common/errors";
import { AppError } from "../errors.ts";

export const notFoundHandler: RequestHandler = () => {
  throw new AppError("NOT_FOUND");
};

/** Turns every failure into `{error:{code,message}}`; internals go to the log, never to the client. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const appError = toAppError(error);
  if (appError.status >= 500) req.log.error({ err: error }, "request failed");
  else req.log.info({ code: appError.code }, "request refused");
  if (appError.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(appError.retryAfterSeconds));
  const body: ApiErrorBody = {
    error: {
      code: appError.code,
      message: appError.message,
      ...(appError.retryAfterSeconds !== undefined ? { retryAfterSeconds: appError.retryAfterSeconds } : {}),
    },
  };
  res.status(appError.status).json(body);
};

/** body-parser's error types that mean a malformed body: bad JSON, too large, or an encoding or charset it cannot read. */
const CLIENT_BODY_ERRORS = new Set([
  "entity.parse.failed",
  "entity.too.large",
  "encoding.unsupported",
  "charset.unsupported",
  "request.size.invalid",
]);

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // body-parser's errors carry a `type`: malformed JSON and oversized bodies are the client's fault.
  const type = (error as { type?: string } | null)?.type;
  if (CLIENT_BODY_ERRORS.has(type ?? "")) {
    return new AppError("VALIDATION_FAILED", { cause: error });
  }
  return new AppError("INTERNAL", { cause: error });
}
