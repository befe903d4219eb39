import { checkClaimResponseSchema, verifySubscriptionResponseSchema } from "@tube/common/api";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../test/server.ts";
import { ApiError, apiGet, apiPost, apiSend } from "./api-client.ts";

const NOT_CLAIMED = { claimed: false, txHash: null, status: null, claimId: null };

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const getCheckClaim = () => apiGet("/api/check-claim/0xabc", checkClaimResponseSchema);
const answerCheckClaim = (resolver: Parameters<typeof http.get>[1]) =>
  server.use(http.get("/api/check-claim/:wallet", resolver));

describe("api-client", () => {
  it("when the server answers 200 with the expected shape, then apiGet resolves with the parsed JSON", async () => {
    let method: string | undefined;
    answerCheckClaim(({ request }) => {
      method = request.method;
      return HttpResponse.json(NOT_CLAIMED);
    });

    await expect(getCheckClaim()).resolves.toEqual(NOT_CLAIMED);
    expect(method).toBe("GET");
  });

  it("when posting, then the body is sent as JSON", async () => {
    let received: { body: unknown; contentType: string | null } | undefined;
    server.use(
      http.post("/api/verify-subscription", async ({ request }) => {
        received = { body: await request.json(), contentType: request.headers.get("Content-Type") };
        return HttpResponse.json({ isSubscribed: true });
      }),
    );

    await expect(
      apiPost("/api/verify-subscription", { accessToken: "t", channelId: "c" }, verifySubscriptionResponseSchema),
    ).resolves.toEqual({
      isSubscribed: true,
    });

    expect(received).toEqual({ body: { accessToken: "t", channelId: "c" }, contentType: "application/json" });
  });

  it("when the server answers 204 to a send, then the promise resolves with undefined", async () => {
    server.use(http.post("/api/record-claim", () => new HttpResponse(null, { status: 204 })));

    await expect(apiSend("/api/record-claim", {})).resolves.toBeUndefined();
  });

  it("when the server answers with an error body, then ApiError carries its code, message, status and retry delay", async () => {
    answerCheckClaim(() =>
      HttpResponse.json(
        { error: { code: "RATE_LIMITED", message: "Too many requests.", retryAfterSeconds: 30 } },
        { status: 429 },
      ),
    );

    const error = await caught(getCheckClaim());

    expect(error).toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many requests.",
      status: 429,
      retryAfterSeconds: 30,
    });
  });

  it("when an error body has no retry delay but the response has Retry-After, then the header is used", async () => {
    answerCheckClaim(() =>
      HttpResponse.json(
        { error: { code: "MINT_UNAVAILABLE", message: "Later." } },
        { status: 503, headers: { "Retry-After": "5" } },
      ),
    );

    const error = await caught(getCheckClaim());

    expect(error).toMatchObject({ code: "MINT_UNAVAILABLE", status: 503, retryAfterSeconds: 5 });
  });

  it("when a non-2xx response has no error body, then ApiError is HTTP_ERROR with the status", async () => {
    answerCheckClaim(() => HttpResponse.html("<html>Bad gateway</html>", { status: 502 }));

    const error = await caught(getCheckClaim());

    expect(error.code).toBe("HTTP_ERROR");
    expect(error.status).toBe(502);
    expect(error.message).toContain("502");
  });

  it("when the network fails, then ApiError is NETWORK with status 0 and a readable message", async () => {
    answerCheckClaim(() => HttpResponse.error());

    const error = await caught(getCheckClaim());

    expect(error).toMatchObject({
      code: "NETWORK",
      status: 0,
      message: "Network error. Please check your connection and try again.",
    });
  });

  it("when the request is aborted, then ApiError is ABORTED", async () => {
    answerCheckClaim(() => HttpResponse.json(NOT_CLAIMED));

    const error = await caught(
      apiGet("/api/check-claim/0xabc", checkClaimResponseSchema, { signal: AbortSignal.abort() }),
    );

    expect(error.code).toBe("ABORTED");
  });

  it("when a 2xx body is not JSON, then ApiError is INVALID_RESPONSE", async () => {
    answerCheckClaim(() => HttpResponse.text("not json"));

    const error = await caught(getCheckClaim());

    expect(error).toMatchObject({ code: "INVALID_RESPONSE", status: 200 });
  });

  it("when a 2xx body does not match the response schema, then ApiError is INVALID_RESPONSE", async () => {
    answerCheckClaim(() => HttpResponse.json({ claimed: "yes" }));

    const error = await caught(getCheckClaim());

    expect(error).toMatchObject({ code: "INVALID_RESPONSE", status: 200 });
  });
});
