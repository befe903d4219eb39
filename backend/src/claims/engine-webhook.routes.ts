import express, { Router } from "express";
import { clientRateLimit } from "../http/security.ts";
import { createEngineWebhookVerifier } from "../minting/engine-webhook.ts";
import type { Logger } from "../observability/logger.ts";
import type { Metrics } from "../observability/metrics.ts";
import type { MintDriver } from "./mint-driver.ts";

export const ENGINE_WEBHOOK_PATH = "/api/engine/webhook";

/** A quota-bound day's claims in one hour are about 320 a minute, plus retries. */
export const WEBHOOK_POSTS_PER_MINUTE = 600;

/** A verified notice wakes the loop; anything else is counted, not logged (anyone can post), and answered 204 alike. */
export function engineWebhookRoutes(deps: {
  secret: string;
  mintDriver: MintDriver;
  metrics: Metrics;
  logger: Logger;
}): Router {
  const ignored = (reason: string) => deps.metrics.engineWebhooksIgnored.inc({ reason });
  const verify = createEngineWebhookVerifier(deps.secret);
  const router = Router();
  router.post(
    ENGINE_WEBHOOK_PATH,
    clientRateLimit(WEBHOOK_POSTS_PER_MINUTE, { onLimited: () => ignored("rate_limited") }),
    express.raw({ type: () => true, limit: "64kb" }),
    (request, response) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const verdict = verify(
        { body, timestamp: request.get("x-request-timestamp"), signature: request.get("x-signature-sha256") },
        Math.floor(Date.now() / 1000),
      );
      if (verdict.kind === "ignored") ignored(verdict.reason.replaceAll(" ", "_"));
      else if (deps.mintDriver.hear(verdict.transactionId))
        deps.logger.debug({ transactionId: verdict.transactionId }, "Engine webhook heard");
      else {
        // Normal with several processes: another one follows the claim.
        ignored("not_followed_here");
        deps.logger.debug({ transactionId: verdict.transactionId }, "Engine webhook about no claim followed here");
      }
      response.status(204).end();
    },
  );
  return router;
}
