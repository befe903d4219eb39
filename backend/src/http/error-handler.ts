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

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // A 4xx set by Express's stack (bad JSON, a body too large) quotes the request: not echoed.
  if (isClientErrorStatus(error)) return new AppError("VALIDATION_FAILED", { cause: error });
  return new AppError("INTERNAL", { cause: error });
}

function isClientErrorStatus(error: unknown): boolean {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const code = typeof status === "number" ? status : statusCode;
  return typeof code === "number" && code >= 400 && code < 500;
}
