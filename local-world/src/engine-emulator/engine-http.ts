import { timingSafeEqual } from "node:crypto";
import type { RequestHandler, Response } from "express";

/** Engine's error envelope; details is the EngineError tagged by `type` (engine-core `server/src/http/error.rs`). */
export function sendEngineError(response: Response, status: number, type: string, message: string): void {
  response.status(status).json({ error: { message, details: { type, message } } });
}

/** A 401 in Engine's envelope for a request whose `header` is not `expected`. */
export function requireHeader(header: string, expected: string, type: string): RequestHandler {
  return (request, response, next) => {
    if (sameSecret(request.get(header), expected)) return next();
    sendEngineError(response, 401, type, `Invalid or missing ${header}`);
  };
}

/** Compares a credential in constant time. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
