import { withTimeLimit } from "./time-limit.ts";

export interface JsonRpcCall {
  method: string;
  params: unknown[];
}

interface JsonRpcAnswer {
  id: number;
  result?: unknown;
  error?: { code: number; message: string };
}

/**
 * A provider's "too many requests": HTTP 429, or a call answered with code 429 (Alchemy's) or -32005 (EIP-1474's
 * "limit exceeded", Infura's and others'). The caller should slow down, not just try again.
 */
export class RpcRateLimitedError extends Error {}

/**
 * The server's one JSON-RPC client: plain fetch, no SDK. Rejects, naming the method, when the request fails, times
 * out, or a call has no result; callers decide what that means for a visitor.
 */
export async function jsonRpc<T>(url: string, call: JsonRpcCall, timeoutMs: number): Promise<T> {
  const answer = (await send(url, { jsonrpc: "2.0", id: 1, ...call }, timeoutMs)) as JsonRpcAnswer;
  const outcome = settle(call.method, answer);
  if (outcome.status === "rejected") throw outcome.reason;
  return outcome.value as T;
}

/**
 * Every call, each HTTP request carrying at most `maxCalls` of them (providers cap batches, and count every call of
 * one against their per-second limits), one request after another; each call's outcome stands alone, so a call the
 * provider refused or rate-limited fails only itself. Once a request is rate-limited, the requests left are not sent.
 */
export async function jsonRpcBatch(
  url: string,
  calls: readonly JsonRpcCall[],
  options: { timeoutMs: number; maxCalls: number },
): Promise<PromiseSettledResult<unknown>[]> {
  const outcomes: PromiseSettledResult<unknown>[] = [];
  for (let start = 0; start < calls.length; start += options.maxCalls) {
    const chunk = calls.slice(start, start + options.maxCalls);
    // Past the provider's per-second limit, the rest would only be refused too (and counted against the limit).
    const limited = outcomes.find(
      (outcome) => outcome.status === "rejected" && outcome.reason instanceof RpcRateLimitedError,
    );
    outcomes.push(...(limited ? chunk.map(() => limited) : await sendBatch(url, chunk, options.timeoutMs)));
  }
  return outcomes;
}

async function sendBatch(
  url: string,
  calls: readonly JsonRpcCall[],
  timeoutMs: number,
): Promise<PromiseSettledResult<unknown>[]> {
  const requests = calls.map((call, index) => ({ jsonrpc: "2.0", id: index + 1, ...call }));
  let answers: unknown;
  try {
    answers = await send(url, requests, timeoutMs);
  } catch (reason) {
    return requests.map(() => ({ status: "rejected", reason }));
  }
  // A provider that refuses a whole batch answers one error object instead of an array, or (a go-ethereum node over
  // its batch limit) an array holding one error: every call it does not answer has failed.
  const byId = new Map(Array.isArray(answers) ? (answers as JsonRpcAnswer[]).map((answer) => [answer.id, answer]) : []);
  const whole = Array.isArray(answers) ? undefined : (answers as JsonRpcAnswer);
  return requests.map(({ id, method }) => settle(method, byId.get(id) ?? whole));
}

function send(url: string, body: unknown, timeoutMs: number): Promise<unknown> {
  return withTimeLimit(timeoutMs, async (signal) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
    if (response.status === 429) throw new RpcRateLimitedError("JSON-RPC answered HTTP 429");
    if (!response.ok) throw new Error(`JSON-RPC answered HTTP ${response.status}`);
    return response.json();
  });
}

const RATE_LIMIT_CODES = new Set([429, -32005]);

function settle(method: string, answer: JsonRpcAnswer | undefined): PromiseSettledResult<unknown> {
  if (answer?.error && RATE_LIMIT_CODES.has(answer.error.code))
    return { status: "rejected", reason: new RpcRateLimitedError(`${method}: ${answer.error.message}`) };
  if (!answer || answer.error || answer.result === undefined)
    return { status: "rejected", reason: new Error(`${method}: ${answer?.error?.message ?? "no result"}`) };
  return { status: "fulfilled", value: answer.result };
}
