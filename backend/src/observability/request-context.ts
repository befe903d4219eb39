import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";

const REQUEST_ID_HEADER = "X-Request-Id";

const context = new AsyncLocalStorage<{ requestId: string } | undefined>();

export function currentRequestId() {
  return context.getStore()?.requestId;
}

/** What outlives the request (the mint loop) logs under no request's id. */
export function outsideAnyRequest<T>(work: () => T) {
  return context.run(undefined, work);
}

/** A load balancer's X-Request-Id when it looks like one, so the logs join up. */
export function requestContext(): RequestHandler {
  return (req, res, next) => {
    const given = req.get(REQUEST_ID_HEADER);
    const requestId = given && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    req.id = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    context.run({ requestId }, next);
  };
}
