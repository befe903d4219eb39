import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "../observability/logger.ts";

/** No query string (Google's callback carries the code in it) and no headers (cookies, bearer tokens). */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    // The id requestContext() gave the request, so its line joins the others.
    genReqId: (req) => req.id,
    autoLogging: { ignore: (req) => req.url === "/healthz" },
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split(/[?#]/)[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
