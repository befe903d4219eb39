import { timingSafeEqual } from "node:crypto";
import type { Response } from "express";

export const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Engine's error envelope. */
export function sendEngineError(response: Response, status: number, type: string, message: string) {
  response.status(status).json({ error: { message, details: { type, message } } });
}

export const sendRateLimited = (response: Response) =>
  sendEngineError(response, 429, "RATE_LIMITED", "Too many requests (fault injected by the Engine emulator)");

export function sameSecret(given: string | undefined, expected: string) {
  const [a, b] = [Buffer.from(given ?? ""), Buffer.from(expected)];
  return given !== undefined && a.length === b.length && timingSafeEqual(a, b);
}
