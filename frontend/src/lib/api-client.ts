/** The one HTTP client for our API: every failure becomes an ApiError whose `message` can be shown as is. */
import { apiErrorBodySchema } from "@tube/common/api-envelope";
import { ERROR_CATALOGUE } from "@tube/common/errors";

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

export type RequestOptions = Pick<RequestInit, "signal" | "keepalive">;

/** A zod/mini schema from @tube/common. */
type ResponseSchema<T> = { safeParse(data: unknown): { success: true; data: T } | { success: false } };

export function apiGet<T>(path: string, schema: ResponseSchema<T>, init?: RequestOptions) {
  return request(path, { ...init, method: "GET" }, schema);
}

export function apiPost<T>(path: string, body: unknown, schema: ResponseSchema<T>, init?: RequestOptions) {
  return request(path, { ...init, method: "POST", body: JSON.stringify(body) }, schema);
}

export async function apiSend(path: string, body: unknown, init?: RequestOptions) {
  await request(path, { ...init, method: "POST", body: JSON.stringify(body) }, null);
}

async function request<T>(path: string, init: RequestInit, schema: ResponseSchema<T> | null) {
  const headers = { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) };
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch (cause) {
    throw transportError(cause);
  }

  if (!response.ok) throw await errorFromResponse(response);
  if (schema === null) return undefined as T;

  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    // A cancelled request can also surface while its body is being read.
    if (isAbort(cause)) throw transportError(cause);
    throw invalidResponse(response.status);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidResponse(response.status);
  return parsed.data;
}

const invalidResponse = (status: number) =>
  new ApiError("INVALID_RESPONSE", "The server sent an unexpected response. Please try again.", status);

function transportError(cause: unknown) {
  if (isAbort(cause)) return new ApiError("ABORTED", "The request was cancelled.", 0);
  return new ApiError("NETWORK", "Network error. Please check your connection and try again.", 0);
}

async function errorFromResponse(response: Response) {
  const body = await response.json().catch(() => undefined);
  const headerRetryAfter = parseRetryAfter(response.headers.get("Retry-After"));
  const parsed = apiErrorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, retryAfterSeconds } = parsed.data.error;
    return new ApiError(code, message, response.status, retryAfterSeconds ?? headerRetryAfter);
  }
  // A proxy or the platform answered, not our server: there is no catalogue text to show.
  return new ApiError(
    "HTTP_ERROR",
    response.status === 429
      ? ERROR_CATALOGUE.RATE_LIMITED.message
      : `Something went wrong (error ${response.status}). Please try again in a moment.`,
    response.status,
    headerRetryAfter,
  );
}

function parseRetryAfter(value: string | null) {
  const seconds = value === null ? NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

function isAbort(cause: unknown) {
  return typeof cause === "object" && cause !== null && (cause as { name?: unknown }).name === "AbortError";
}
