import { pino, type Logger } from "pino";
import { currentRequestId } from "./request-context.ts";

/** Paths whose values are secrets: redacted wherever they appear in a log line. */
const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "accessToken",
  "oauthAccessToken",
  "refreshToken",
  "idToken",
  "code",
  "codeVerifier",
  "*.accessToken",
  "*.oauthAccessToken",
  "*.code",
  "*.codeVerifier",
];

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    base: { service: "tube-rewards" },
    // Every line written while a request's work runs names that request, whichever logger wrote it.
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  });
}

export type { Logger };
