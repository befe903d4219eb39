import { AsyncLocalStorage } from "node:async_hooks";
import type { AuthClient, gaxios } from "google-auth-library";

/** The call to Google under way: the signal that ends it when its budget is spent, and whether it may be retried. */
interface CallBudget {
  signal: AbortSignal;
  retries: boolean;
}

const currentCall = new AsyncLocalStorage<CallBudget>();

/**
 * Runs one call to Google (which may take several HTTP attempts inside google-auth-library) within `budgetMs` in
 * all: the library retries 5xx answers and time-outs by itself, up to three times, each with the full per-attempt
 * time-out, so a per-attempt limit let one call take several times GOOGLE_TIMEOUT_MS. `retries: false` turns the
 * library's retries off for calls that must reach Google at most once.
 */
export async function withinBudget<T>(
  budgetMs: number,
  options: { retries: boolean },
  call: () => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  // Not a TimeoutError: gaxios retries a request that timed out, but never one its caller aborted.
  const timer = setTimeout(() => controller.abort(new Error(`the call's ${budgetMs} ms budget is spent`)), budgetMs);
  try {
    return await currentCall.run({ signal: controller.signal, retries: options.retries }, call);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the call under way has spent its budget: a retry of ours would then only fail at once. */
export function budgetSpent(): boolean {
  return currentCall.getStore()?.signal.aborted ?? false;
}

/**
 * Makes every request `client` sends belong to the call under way: it ends when the call's budget is spent, and is
 * not retried when the call says so. A request outside `withinBudget` is a bug, and fails before it is sent.
 */
export function keepWithinBudget(client: AuthClient): void {
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
