import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "../observability/logger.ts";

/**
 * One line per request with method, path, status and time only. The query string is dropped, because
 * Google's OAuth callback carries the authorization code in it (`?code=…`), and headers are left out,
 * because they carry cookies and bearer tokens.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    // The id requestContext() gave the request (and returned as X-Request-Id), so its line joins the others.
    genReqId: (req) => req.id,
    autoLogging: { ignore: (req) => req.url === "/healthz" },
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: withoutQuery(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}

function withoutQuery(url: string): string {
  const queryStart = url.search(/[?#]/);
  return queryStart === -1 ? url : url.slice(0, queryStart);
}
