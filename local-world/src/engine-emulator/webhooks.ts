import { createHmac, randomUUID } from "node:crypto";
import { within } from "../stand-in.ts";
import type { EngineTransaction } from "./transaction-book.ts";
import type { WebhookOption } from "./write-request.ts";

export type Stage = "send" | "confirm";

const EXECUTOR_NAMES = { EOA: "eoa", EIP7702: "eip7702", ERC4337: "erc4337" } as const;
const DELIVERY_TIMEOUT_MS = 10_000;

/** Delivers status changes as Engine does, signed (HMAC-SHA256 of "<timestamp>.<body>") with a secret; tried once. */
export function createWebhookDispatcher(log: (message: string, fields?: Record<string, unknown>) => void) {
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
    notify(transaction: EngineTransaction, webhooks: readonly WebhookOption[], stage: Stage) {
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
    drain: (timeoutMs: number) => within(Promise.all(deliveries), timeoutMs),
  };
}
