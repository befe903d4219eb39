import { createHmac, randomUUID } from "node:crypto";
import type { EngineTransaction } from "./transaction-book.ts";
import type { WebhookOption } from "./write-request.ts";

/** The executor stages engine-core names its notifications after (`ExecutorStage` in executors/src). */
export type Stage = "send" | "confirm";

const EXECUTOR_NAMES = { EOA: "eoa", EIP7702: "eip7702", ERC4337: "erc4337" } as const;
// engine-core `server/src/queue/manager.rs`: the webhook client's request timeout.
const DELIVERY_TIMEOUT_MS = 10_000;

export interface WebhookDispatcher {
  /** Posts a transaction's new status to each of its webhooks. */
  notify(transaction: EngineTransaction, webhooks: readonly WebhookOption[], stage: Stage): void;
  /** Waits (at most `timeoutMs`) for deliveries under way. */
  drain(timeoutMs: number): Promise<void>;
}

/**
 * Delivers status changes as engine-core does (`executors/src/webhook/envelope.rs`, `executors/src/webhook/mod.rs`):
 * a POST of the WebhookNotificationEnvelope as JSON, with `User-Agent: <executor>/<stage>`; when the webhook has a
 * secret, `x-request-timestamp` (Unix seconds) and `x-signature-sha256`, the hex HMAC-SHA256 of
 * "<timestamp>.<body>" under the secret. Unlike engine-core, each notification is tried once (engine-core retries
 * 5xx and 429 five times with backoff), and the payload carries the row's `executionResult` (on SUCCESS) or its
 * `errorMessage` (on FAILURE) instead of each executor's own result and error types.
 */
export function createWebhookDispatcher(
  log: (message: string, fields?: Record<string, unknown>) => void,
): WebhookDispatcher {
  const deliveries = new Set<Promise<void>>();

  const deliver = async (webhook: WebhookOption, body: string, userAgent: string) => {
    const headers: Record<string, string> = { "content-type": "application/json", "user-agent": userAgent };
    if (webhook.secret) {
      const timestamp = Math.floor(Date.now() / 1000).toString();
      headers["x-request-timestamp"] = timestamp;
      headers["x-signature-sha256"] = createHmac("sha256", webhook.secret).update(`${timestamp}.${body}`).digest("hex");
    }
    const response = await fetch(webhook.url, {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) log("webhook refused", { url: webhook.url, status: response.status });
  };

  return {
    notify(transaction, webhooks, stage) {
      const executorName = EXECUTOR_NAMES[transaction.executionParams.type];
      const failed = transaction.status === "FAILED";
      for (const webhook of webhooks) {
        const envelope = {
          notificationId: randomUUID(),
          transactionId: transaction.id,
          timestamp: Math.floor(Date.now() / 1000),
          executorName,
          stageName: stage,
          eventType: failed ? "FAILURE" : "SUCCESS",
          payload: failed
            ? { error: { message: transaction.errorMessage }, finalAttemptNumber: 1 }
            : { result: transaction.executionResult },
          deliveryTargetUrl: webhook.url,
          ...(webhook.userMetadata === null ? {} : { userMetadata: webhook.userMetadata }),
        };
        const delivery: Promise<void> = deliver(webhook, JSON.stringify(envelope), `${executorName}/${stage}`)
          .catch((error: unknown) => log("webhook delivery failed", { url: webhook.url, error: String(error) }))
          .finally(() => deliveries.delete(delivery));
        deliveries.add(delivery);
      }
    },
    async drain(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.all(deliveries), timeout]);
      clearTimeout(timer);
    },
  };
}
