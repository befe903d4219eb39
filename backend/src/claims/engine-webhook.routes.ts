import express, { Router } from "express";
import { clientRateLimit } from "../http/security.ts";
import { verifyEngineWebhook } from "../minting/engine-webhook.ts";
import type { Logger } from "../observability/logger.ts";
import type { Metrics } from "../observability/metrics.ts";
import type { MintDriver } from "./mint-driver.ts";

/** Where Engine posts a queued reward's status changes: the webhook URL each write names, under PUBLIC_URL. */
export const ENGINE_WEBHOOK_PATH = "/api/engine/webhook";

/**
 * Posts a minute one client may make to the webhook, counted by each process alone. Engine posts once per status
 * change of a transaction: a reward is sent, then confirmed (two posts), plus one for each send it retries or a
 * failure. YouTube's quota bounds claims at about 9,500 a day: a whole day's claims in one hour is about 160 a minute,
 * so about 320 posts; 600 leaves room for retried sends. A refused post is not lost: Engine retries a 429 a few times
 * within seconds, and the follow loop reads every claim's Engine record on its own now and then.
 */
export const WEBHOOK_POSTS_PER_MINUTE = 600;

/**
 * Engine's webhook: a verified notification about a claim this process follows makes the follow loop read that
 * claim's Engine record at its next tick. Anything else (unsigned, a bad signature, a replay outside the time window,
 * an unknown claim) is ignored and counted in `tube_engine_webhooks_ignored_total`, not logged: anyone can post here.
 * Every readable post within the limit is answered 204, so a sender learns nothing about which webhooks counted (a
 * body that cannot be read, such as a compressed one that does not inflate, is a 400 `VALIDATION_FAILED`, which
 * Engine does not retry). Outside the API's
 * rate limits, which are sized for visitors, not Engine; its own limit comes before the signature is checked.
 */
export function engineWebhookRoutes(deps: {
  secret: string;
  mintDriver: MintDriver;
  metrics: Metrics;
  logger: Logger;
}): Router {
  const ignored = (reason: string) => deps.metrics.engineWebhooksIgnored.inc({ reason });
  const router = Router();
  router.post(
    ENGINE_WEBHOOK_PATH,
    clientRateLimit(WEBHOOK_POSTS_PER_MINUTE, { onLimited: () => ignored("rate_limited") }),
    express.raw({ type: () => true, limit: "64kb" }),
    (request, response) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const verdict = verifyEngineWebhook(
        { body, timestamp: request.get("x-request-timestamp"), signature: request.get("x-signature-sha256") },
        deps.secret,
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
