/**
 * The one HTTP client for our API. Every failure — an error response, no
 * network, a cancelled request, an unreadable body — becomes an ApiError whose
 * `message` can be shown to people as is.
 */
import type { ApiErrorBody } from "@tube/common/errors";

/** Codes the client itself produces; server failures carry a code from ERROR_CATALOGUE. */
export const CLIENT_ERROR_CODES = {
  NETWORK: "NETWORK",
  ABORTED: "ABORTED",
  HTTP_ERROR: "HTTP_ERROR",
  INVALID_RESPONSE: "INVALID_RESPONSE",
} as const;

export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly code: string,
    message: string,
    /** HTTP status, or 0 when no response arrived. */
    readonly status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export function apiGet<T>(path: string, init?: RequestOptions): Promise<T> {
  return request<T>(path, { method: "GET", headers: { Accept: "application/json" }, signal: init?.signal });
}

export function apiPost<T>(path: string, body: unknown, init?: RequestOptions): Promise<T> {
  return request<T>(path, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: init?.signal,
  });
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    throw transportError(cause);
  }

  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return undefined as T;

  try {
    return (await response.json()) as T;
  } catch (cause) {
    // A cancelled request can also surface while its body is being read.
    if (isAbort(cause)) throw transportError(cause);
    throw new ApiError(
      CLIENT_ERROR_CODES.INVALID_RESPONSE,
      "The server sent an unexpected response. Please try again.",
      response.status,
    );
  }
}

function transportError(cause: unknown): ApiError {
  if (isAbort(cause)) return new ApiError(CLIENT_ERROR_CODES.ABORTED, "The request was cancelled.", 0);
  return new ApiError(CLIENT_ERROR_CODES.NETWORK, "Network error. Please check your connection and try again.", 0);
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const body = await response.json().catch(() => undefined);
  const headerRetryAfter = parseRetryAfter(response.headers.get("Retry-After"));
  if (isApiErrorBody(body)) {
    const { code, message, retryAfterSeconds } = body.error;
    return new ApiError(code, message, response.status, retryAfterSeconds ?? headerRetryAfter);
  }
  // A proxy or the platform answered instead of our server, so there is no catalogue text to show.
  return new ApiError(
    CLIENT_ERROR_CODES.HTTP_ERROR,
    response.status === 429
      ? "Too many requests. Please wait a moment and try again."
      : `Something went wrong (error ${response.status}). Please try again in a moment.`,
    response.status,
    headerRetryAfter,
  );
}

function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== "object" || body === null || !("error" in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { code?: unknown }).code === "string" &&
    typeof (error as { message?: unknown }).message === "string"
  );
}

function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

function isAbort(cause: unknown): boolean {
  return typeof cause === "object" && cause !== null && (cause as { name?: unknown }).name === "AbortError";
}
