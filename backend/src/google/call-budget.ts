import { AsyncLocalStorage } from "node:async_hooks";
import type { AuthClient, gaxios } from "google-auth-library";

const currentCall = new AsyncLocalStorage<{ signal: AbortSignal; retries: boolean }>();

/** One call to Google within `budgetMs` in all, whatever google-auth-library retries inside it. */
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

export function budgetSpent(): boolean {
  return currentCall.getStore()?.signal.aborted ?? false;
}

/** Every request `client` sends belongs to the call under way; one outside `withinBudget` fails unsent. */
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
