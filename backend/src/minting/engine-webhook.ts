import { createHmac, timingSafeEqual } from "node:crypto";
import { LRUCache } from "lru-cache";
import { z } from "zod";

/** Beyond it, a signed timestamp counts as replayed. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Well above what Engine can post in one window through the webhook's rate limit. */
const DELIVERIES_REMEMBERED = 10_000;

type IgnoredReason = "unsigned" | "bad signature" | "outside the time window" | "not a notification" | "replayed";
export type WebhookVerdict = { kind: "accepted"; transactionId: string } | { kind: "ignored"; reason: IgnoredReason };

export interface SignedWebhook {
  /** The request body exactly as received: the signature covers its bytes. */
  body: Buffer;
  timestamp: string | undefined;
  signature: string | undefined;
}

/**
 * `X-Signature-SHA256` is the hex HMAC-SHA256 of "<X-Request-Timestamp>.<body>" under the secret; a notification id
 * already delivered within its window is a replay. Ids are kept per process: a replay only wakes the loop, which reads
 * Engine anyway, so sharing them through the store would cost a write per notice for nothing.
 */
export function createEngineWebhookVerifier(secret: string) {
  const delivered = new LRUCache<string, true>({ max: DELIVERIES_REMEMBERED });
  return (webhook: SignedWebhook, nowSeconds: number): WebhookVerdict => {
    const { body, timestamp, signature } = webhook;
    if (!timestamp || !signature) return { kind: "ignored", reason: "unsigned" };
    const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest();
    const given = Buffer.from(signature, "hex");
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { kind: "ignored", reason: "bad signature" };
    const signedAt = Number(timestamp);
    if (!Number.isInteger(signedAt) || Math.abs(nowSeconds - signedAt) > WEBHOOK_TOLERANCE_SECONDS)
      return { kind: "ignored", reason: "outside the time window" };
    const notification = notificationOf(body);
    if (!notification) return { kind: "ignored", reason: "not a notification" };
    if (delivered.has(notification.notificationId)) return { kind: "ignored", reason: "replayed" };
    // Past its window the time check refuses it anyway.
    const ttl = (signedAt + WEBHOOK_TOLERANCE_SECONDS - nowSeconds + 1) * 1000;
    delivered.set(notification.notificationId, true, { ttl });
    return { kind: "accepted", transactionId: notification.transactionId };
  };
}

const NOTIFICATION = z.object({ notificationId: z.string(), transactionId: z.string() });

function notificationOf(body: Buffer): z.infer<typeof NOTIFICATION> | null {
  try {
    return NOTIFICATION.safeParse(JSON.parse(body.toString("utf8"))).data ?? null;
  } catch {
    return null;
  }
}
