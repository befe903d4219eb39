import express, { Router } from "express";
import { verifyEngineWebhook } from "../minting/engine-webhook.ts";
import type { Logger } from "../observability/logger.ts";
import type { MintDriver } from "./mint-driver.ts";

/** Where Engine posts a queued reward's status changes: the webhook URL each write names, under PUBLIC_URL. */
export const ENGINE_WEBHOOK_PATH = "/api/engine/webhook";

/**
 * Engine's webhook: a verified notification about a claim this process follows makes the follow loop read that
 * claim's Engine record at its next tick. Anything else (unsigned, a bad signature, a replay outside the time window,
 * an unknown claim) is ignored. Every answer is 204: Engine retries only 5xx and 429, and a sender learns nothing
 * about which webhooks counted. Mounted outside the API's rate limits, which count visitors, not Engine.
 */
export function engineWebhookRoutes(deps: { secret: string; mintDriver: MintDriver; logger: Logger }): Router {
  const router = Router();
  router.post(ENGINE_WEBHOOK_PATH, express.raw({ type: () => true, limit: "64kb" }), (request, response) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const verdict = verifyEngineWebhook(
      { body, timestamp: request.get("x-request-timestamp"), signature: request.get("x-signature-sha256") },
      deps.secret,
      Math.floor(Date.now() / 1000),
    );
    if (verdict.kind === "ignored") deps.logger.warn({ reason: verdict.reason }, "Engine webhook ignored");
    else if (deps.mintDriver.hear(verdict.transactionId))
      deps.logger.debug({ transactionId: verdict.transactionId }, "Engine webhook heard");
    else deps.logger.debug({ transactionId: verdict.transactionId }, "Engine webhook about no claim followed here");
    response.status(204).end();
  });
  return router;
}
