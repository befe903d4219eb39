import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyEngineWebhook, WEBHOOK_TOLERANCE_SECONDS } from "./engine-webhook.ts";

const secret = "webhook-test-secret-of-some-length";
const now = 1_800_000_000;
const body = Buffer.from(JSON.stringify({ transactionId: "claim-1:1", stageName: "send", eventType: "SUCCESS" }));

/** Signed as engine-core signs a delivery: hex HMAC-SHA256 of "<timestamp>.<body>" under the webhook's secret. */
function signed(payload: Buffer, timestamp: number, key = secret) {
  const signature = createHmac("sha256", key)
    .update(`${timestamp}.${payload.toString("utf8")}`)
    .digest("hex");
  return { body: payload, timestamp: String(timestamp), signature };
}

describe("verifyEngineWebhook", () => {
  it("when a delivery is signed with the secret within the window, then its transaction id is accepted", () => {
    expect(verifyEngineWebhook(signed(body, now - 30), secret, now)).toEqual({
      kind: "accepted",
      transactionId: "claim-1:1",
    });
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
    ["its body names no transaction", signed(Buffer.from('{"eventType":"SUCCESS"}'), now), "not a notification"],
    ["its body is not JSON", signed(Buffer.from("transactionId"), now), "not a notification"],
  ])("when %s, then it is ignored", (_case, webhook, reason) => {
    expect(verifyEngineWebhook(webhook, secret, now)).toEqual({ kind: "ignored", reason });
  });
});
