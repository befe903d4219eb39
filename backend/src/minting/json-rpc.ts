import type { ThirdwebClient } from "thirdweb";
import type { Chain } from "thirdweb/chains";
import { getRpcClient } from "thirdweb/rpc";

export interface JsonRpcCall {
  method: string;
  params: unknown[];
}

/** HTTP 429, or a call answered 429 or -32005 ("limit exceeded"). */
export class RpcRateLimitedError extends Error {}

const RATE_LIMIT_CODES = new Set([429, -32005]);

export const isRateLimited = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === "rejected" && outcome.reason instanceof RpcRateLimitedError;

/** thirdweb's RPC client on `url` (never thirdweb's, so no key): calls made together go in one batch. */
function rpcClient(url: string, options: { timeoutMs: number; maxCalls: number }) {
  // A client of its own, as thirdweb keeps one batcher per client and URL.
  const client = { clientId: "tube-rewards-server", secretKey: undefined } as ThirdwebClient;
  const request = getRpcClient({
    client,
    chain: { id: 0, rpc: url } as Chain,
    config: { maxBatchSize: options.maxCalls, requestTimeoutMs: options.timeoutMs },
  }) as unknown as (call: JsonRpcCall) => Promise<unknown>;
  return async (call: JsonRpcCall): Promise<unknown> => {
    let result: unknown;
    try {
      result = await request({ method: call.method, params: call.params });
    } catch (error) {
      // An error may name the URL, which may hold the provider's key.
      const { code, message = String(error) } = error as { code?: number; message?: string };
      const what = `${call.method}: ${message.split("\n")[0]?.replaceAll(url, "RPC_URL")}`;
      const limited = (code !== undefined && RATE_LIMIT_CODES.has(code)) || /status 429\b/.test(message);
      throw limited ? new RpcRateLimitedError(what) : new Error(what);
    }
    if (result === undefined) throw new Error(`${call.method}: no result`);
    return result;
  };
}

export async function jsonRpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  return (await rpcClient(url, { timeoutMs: 5_000, maxCalls: 1 })({ method, params })) as T;
}

/** Once a batch is rate-limited the rest would only be refused: they are not sent. */
export function jsonRpcBatcher(url: string, options: { timeoutMs: number; maxCalls: number }) {
  const send = rpcClient(url, options);
  return async (calls: readonly JsonRpcCall[]): Promise<PromiseSettledResult<unknown>[]> => {
    const outcomes: PromiseSettledResult<unknown>[] = [];
    for (let start = 0; start < calls.length; start += options.maxCalls) {
      const chunk = calls.slice(start, start + options.maxCalls);
      const limited = outcomes.find(isRateLimited);
      outcomes.push(...(limited ? chunk.map(() => limited) : await Promise.allSettled(chunk.map(send))));
    }
    return outcomes;
  };
}
