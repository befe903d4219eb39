import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiGet, apiPost } from "./api-client.ts";

function stubFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api-client", () => {
  it("when the server answers 200, then apiGet resolves with the parsed JSON", async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ claimed: false }, 200));

    await expect(apiGet("/api/check-claim/0xabc")).resolves.toEqual({ claimed: false });
    expect(fetchMock).toHaveBeenCalledWith("/api/check-claim/0xabc", expect.objectContaining({ method: "GET" }));
  });

  it("when posting, then the body is sent as JSON", async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ isSubscribed: true }, 200));

    await apiPost("/api/verify-subscription", { accessToken: "t", channelId: "c" });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe(JSON.stringify({ accessToken: "t", channelId: "c" }));
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
  });

  it("when the server answers 204, then the promise resolves with undefined", async () => {
    stubFetch(async () => new Response(null, { status: 204 }));

    await expect(apiPost("/api/record-claim", {})).resolves.toBeUndefined();
  });

  it("when the server answers with an error body, then ApiError carries its code, message, status and retry delay", async () => {
    stubFetch(async () =>
      jsonResponse({ error: { code: "RATE_LIMITED", message: "Too many requests.", retryAfterSeconds: 30 } }, 429),
    );

    const error = await caught(apiGet("/api/config"));

    expect(error).toMatchObject({ code: "RATE_LIMITED", message: "Too many requests.", status: 429, retryAfterSeconds: 30 });
  });

  it("when an error body has no retry delay but the response has Retry-After, then the header is used", async () => {
    stubFetch(async () => jsonResponse({ error: { code: "MINT_UNAVAILABLE", message: "Later." } }, 503, { "Retry-After": "5" }));

    const error = await caught(apiGet("/api/config"));

    expect(error).toMatchObject({ code: "MINT_UNAVAILABLE", status: 503, retryAfterSeconds: 5 });
  });

  it("when a non-2xx response has no error body, then ApiError is HTTP_ERROR with the status", async () => {
    stubFetch(async () => new Response("<html>Bad gateway</html>", { status: 502 }));

    const error = await caught(apiGet("/api/config"));

    expect(error.code).toBe("HTTP_ERROR");
    expect(error.status).toBe(502);
    expect(error.message).toContain("502");
  });

  it("when the network fails, then ApiError is NETWORK with status 0 and a readable message", async () => {
    stubFetch(async () => {
      throw new TypeError("Failed to fetch");
    });

    const error = await caught(apiGet("/api/config"));

    expect(error).toMatchObject({
      code: "NETWORK",
      status: 0,
      message: "Network error. Please check your connection and try again.",
    });
  });

  it("when the request is aborted, then ApiError is ABORTED", async () => {
    stubFetch(async () => {
      throw new DOMException("The operation was aborted.", "AbortError");
    });

    const error = await caught(apiGet("/api/config", { signal: AbortSignal.abort() }));

    expect(error.code).toBe("ABORTED");
  });

  it("when a 2xx body is not JSON, then ApiError is INVALID_RESPONSE", async () => {
    stubFetch(async () => new Response("not json", { status: 200 }));

    const error = await caught(apiGet("/api/config"));

    expect(error).toMatchObject({ code: "INVALID_RESPONSE", status: 200 });
  });
});
