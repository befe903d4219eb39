import { pino, type DestinationStream, type Logger } from "pino";
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

/** `destination` defaults to stdout; tests pass their own to read what was logged. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    base: { service: "tube-rewards" },
    // Every line written while a request's work runs names that request, whichever logger wrote it.
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
