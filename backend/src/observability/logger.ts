import { pino, type Logger } from "pino";

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
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" }, base: { service: "tube-rewards" } });
}

export type { Logger };
