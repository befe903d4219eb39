import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** Beyond it, a signed timestamp counts as replayed. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookVerdict =
  | { kind: "accepted"; transactionId: string }
  | { kind: "ignored"; reason: "unsigned" | "bad signature" | "outside the time window" | "not a notification" };

export interface SignedWebhook {
  /** The request body exactly as received: the signature covers its bytes. */
  body: Buffer;
  timestamp: string | undefined;
  signature: string | undefined;
}

/** `X-Signature-SHA256` is the hex HMAC-SHA256 of "<X-Request-Timestamp>.<body>" under the secret. */
export function verifyEngineWebhook(webhook: SignedWebhook, secret: string, nowSeconds: number): WebhookVerdict {
  const { body, timestamp, signature } = webhook;
  if (!timestamp || !signature) return { kind: "ignored", reason: "unsigned" };
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest();
  const given = Buffer.from(signature, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { kind: "ignored", reason: "bad signature" };
  const signedAt = Number(timestamp);
  if (!Number.isInteger(signedAt) || Math.abs(nowSeconds - signedAt) > WEBHOOK_TOLERANCE_SECONDS)
    return { kind: "ignored", reason: "outside the time window" };
  const transactionId = transactionIdOf(body);
  return transactionId ? { kind: "accepted", transactionId } : { kind: "ignored", reason: "not a notification" };
}

const NOTIFICATION = z.object({ transactionId: z.string() });

function transactionIdOf(body: Buffer): string | null {
  try {
    return NOTIFICATION.safeParse(JSON.parse(body.toString("utf8"))).data?.transactionId ?? null;
  } catch {
    return null;
  }
}
