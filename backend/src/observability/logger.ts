import { pino, type DestinationStream, type Logger } from "pino";
import { currentRequestId } from "./request-context.ts";

/** Redacted wherever a line carries them; `code` only in a body or query (Google's code). */
const SECRET_FIELDS = [
  ...["accessToken", "oauthAccessToken", "refreshToken", "idToken", "codeVerifier", "clientSecret"],
  ...["access_token", "refresh_token", "id_token", "code_verifier", "client_secret"],
];
const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  ...["body", "query", "*.body", "*.query"].flatMap((place) =>
    ["code", ...SECRET_FIELDS].map((field) => `${place}.${field}`),
  ),
  // gaxios (Google's HTTP client) puts the whole request, secrets too, on its errors.
  "err.config",
  "err.response.config",
  "err.response.request",
];

/** A credential after its auth scheme, to the end of its JSON string: an error's message may quote a header. */
const CREDENTIAL_IN_TEXT = /\b(Bearer|Basic)\s+(?:[^"\\]|\\.)+/gi;

export function createLogger(level = "info", destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    hooks: { streamWrite: (line: string) => line.replace(CREDENTIAL_IN_TEXT, "$1 [redacted]") },
    base: { service: "tube-rewards" },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
