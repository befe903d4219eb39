import { AsyncLocalStorage } from "node:async_hooks";
import type { AuthClient, gaxios } from "google-auth-library";
import { AppError } from "../errors.ts";

const currentCall = new AsyncLocalStorage<{ signal: AbortSignal; retries: boolean }>();

/** One call to Google within `budgetMs` in all, whatever google-auth-library retries inside it. */
export async function withinBudget<T>(budgetMs: number, options: { retries: boolean }, call: () => Promise<T>) {
  const controller = new AbortController();
  // Not a TimeoutError: gaxios retries a request that timed out, but never one its caller aborted.
  const timer = setTimeout(() => controller.abort(new Error(`the call's ${budgetMs} ms budget is spent`)), budgetMs);
  try {
    return await currentCall.run({ signal: controller.signal, retries: options.retries }, call);
  } finally {
    clearTimeout(timer);
  }
}

export function budgetSpent() {
  return currentCall.getStore()?.signal.aborted ?? false;
}

/** Every request `client` sends belongs to the call under way; one outside `withinBudget` fails unsent. */
export function keepWithinBudget(client: AuthClient) {
  client.transporter.interceptors.request.add({
    resolved: async (config: gaxios.GaxiosOptionsPrepared) => {
      const call = currentCall.getStore();
      if (!call) throw new Error(`a request to Google outside withinBudget: ${config.url.pathname}`);
      // Without a per-attempt `timeout`, gaxios keeps this signal for every retry instead of replacing it.
      config.timeout = undefined;
      config.signal = call.signal;
      if (!call.retries) config.retryConfig = { ...config.retryConfig, retry: 0 };
      return config;
    },
  });
}

/** gaxios attaches its request config to every error it throws. */
export function isGoogleHttpError(error: unknown) {
  return typeof error === "object" && error !== null && "config" in error;
}

/** Anything thrown but Google's failures (a bug of ours) passes through. */
export async function attemptGoogleCall<T>(
  call: string,
  request: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; failure: GoogleFailure }> {
  try {
    return { ok: true, value: await request() };
  } catch (error) {
    // fetch refused the visitor's token as a header value; the refusal quotes it, so it is not kept.
    if (error instanceof TypeError && /invalid header value|ByteString/.test(error.message))
      throw new AppError("GOOGLE_TOKEN_INVALID", {
        cause: new Error(`Google ${call}: the token cannot be sent in a header`),
      });
    if (!isGoogleHttpError(error)) throw error;
    return { ok: false, failure: describeGoogleFailure(call, error) };
  }
}

/** Never keeps the gaxios error itself: its `config` carries the bearer token, code and client secret. */
export function describeGoogleFailure(call: string, error: unknown) {
  const { response, code } = (error ?? {}) as { response?: { status?: unknown; data?: unknown }; code?: unknown };
  const status = typeof response?.status === "number" ? response.status : null;
  const reason = reasonOf(response?.data);
  const what =
    status === null
      ? `no response (${typeof code === "string" ? code : "network error"})`
      : `HTTP ${status}${reason ? ` ${reason}` : ""}`;
  return { status, reason, cause: new Error(`Google ${call}: ${what}`) };
}

export type GoogleFailure = ReturnType<typeof describeGoogleFailure>;

function reasonOf(data: unknown) {
  if (!data || typeof data !== "object") return null;
  const { error } = data as { error?: unknown };
  if (typeof error === "string") return error;
  const reason = (error as { errors?: Array<{ reason?: unknown }> } | undefined)?.errors?.[0]?.reason;
  return typeof reason === "string" ? reason : null;
}

/** Google's outages are usually short; a visitor asked to wait longer would give up. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

export function isTransient(failure: GoogleFailure) {
  return failure.status === null || failure.status >= 500;
}
