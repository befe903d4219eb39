import type { ErrorRequestHandler, RequestHandler } from "express";
import type { ApiErrorBody } from "@tube/common/errors";
import { AppError } from "../errors.ts";

export const notFoundHandler: RequestHandler = () => {
  throw new AppError("NOT_FOUND");
};

/** Internals go to the log, never to the client. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const { status, code, message, retryAfterSeconds } = toAppError(error);
  if (status >= 500) req.log.error({ err: error }, "request failed");
  else req.log.info({ code }, "request refused");
  if (retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(retryAfterSeconds));
  const body: ApiErrorBody = { error: { code, message, retryAfterSeconds } };
  res.status(status).json(body);
};

function toAppError(error: unknown) {
  if (error instanceof AppError) return error;
  // A 4xx set by Express's stack (bad JSON, a body too large) quotes the request: not echoed.
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const code = typeof status === "number" ? status : statusCode;
  const clientError = typeof code === "number" && code >= 400 && code < 500;
  return new AppError(clientError ? "VALIDATION_FAILED" : "INTERNAL", { cause: error });
}
