import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createEngineWebhookVerifier, WEBHOOK_TOLERANCE_SECONDS } from "./engine-webhook.ts";

const secret = "webhook-test-secret-of-some-length";
const now = 1_800_000_000;
const notification = (notificationId: string) =>
  Buffer.from(JSON.stringify({ notificationId, transactionId: "claim-1:1", stageName: "send", eventType: "SUCCESS" }));
const body = notification("notice-1");

/** Signed as engine-core signs a delivery: hex HMAC-SHA256 of "<timestamp>.<body>" under the webhook's secret. */
function signed(payload: Buffer, timestamp: number, key = secret) {
  const signature = createHmac("sha256", key)
    .update(`${timestamp}.${payload.toString("utf8")}`)
    .digest("hex");
  return { body: payload, timestamp: String(timestamp), signature };
}

describe("Engine webhook verifier", () => {
  it("when a delivery is signed with the secret within the window, then its transaction id is accepted", () => {
    expect(createEngineWebhookVerifier(secret)(signed(body, now - 30), now)).toEqual({
      kind: "accepted",
      transactionId: "claim-1:1",
    });
  });

  it("when a delivered notification comes again within its window, then it is ignored as replayed, and another is not", () => {
    const verify = createEngineWebhookVerifier(secret);
    expect(verify(signed(body, now - 30), now)).toMatchObject({ kind: "accepted" });
    expect(verify(signed(body, now), now + WEBHOOK_TOLERANCE_SECONDS - 30)).toEqual({
      kind: "ignored",
      reason: "replayed",
    });
    expect(verify(signed(notification("notice-2"), now), now)).toMatchObject({ kind: "accepted" });
  });

  it.each([
    ["it carries no signature", { body, timestamp: String(now), signature: undefined }, "unsigned"],
    ["it carries no timestamp", { ...signed(body, now), timestamp: undefined }, "unsigned"],
    ["another secret signed it", signed(body, now, "another-secret"), "bad signature"],
    ["its body was changed after signing", { ...signed(body, now), body: Buffer.from("{}") }, "bad signature"],
    ["its signature is not hex", { ...signed(body, now), signature: "not-hex" }, "bad signature"],
    [
      "it was signed before the window (a replay)",
      signed(body, now - WEBHOOK_TOLERANCE_SECONDS - 1),
      "outside the time window",
    ],
    ["it was signed after the window", signed(body, now + WEBHOOK_TOLERANCE_SECONDS + 1), "outside the time window"],
    ["its body names no transaction", signed(Buffer.from('{"notificationId":"n"}'), now), "not a notification"],
    ["its body has no notification id", signed(Buffer.from('{"transactionId":"t"}'), now), "not a notification"],
    ["its body is not JSON", signed(Buffer.from("transactionId"), now), "not a notification"],
  ])("when %s, then it is ignored", (_case, webhook, reason) => {
    expect(createEngineWebhookVerifier(secret)(webhook, now)).toEqual({ kind: "ignored", reason });
  });
});
