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
 * The server's one JSON-RPC client: plain fetch, no SDK. Rejects, naming the method, when the request fails, times
 * out, or a call has no result; callers decide what that means for a visitor.
 */
export async function jsonRpc<T>(url: string, call: JsonRpcCall, timeoutMs: number): Promise<T> {
  const answer = (await send(url, { jsonrpc: "2.0", id: 1, ...call }, timeoutMs)) as JsonRpcAnswer;
  return resultOf(call.method, answer) as T;
}

/** Every call in one HTTP request; any failed member fails the whole batch. */
export async function jsonRpcBatch(url: string, calls: JsonRpcCall[], timeoutMs: number): Promise<unknown[]> {
  const requests = calls.map((call, index) => ({ jsonrpc: "2.0", id: index + 1, ...call }));
  const answers = (await send(url, requests, timeoutMs)) as JsonRpcAnswer[] | JsonRpcAnswer;
  // A provider that refuses a whole batch answers one error object instead of an array.
  if (!Array.isArray(answers)) throw new Error(answers.error?.message ?? "not a batch answer");
  const byId = new Map(answers.map((answer) => [answer.id, answer]));
  return requests.map(({ id, method }) => resultOf(method, byId.get(id)));
}

function send(url: string, body: unknown, timeoutMs: number): Promise<unknown> {
  return withTimeLimit(timeoutMs, async (signal) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
    if (!response.ok) throw new Error(`JSON-RPC answered HTTP ${response.status}`);
    return response.json();
  });
}

function resultOf(method: string, answer: JsonRpcAnswer | undefined): unknown {
  if (!answer || answer.error || answer.result === undefined)
    throw new Error(`${method}: ${answer?.error?.message ?? "no result"}`);
  return answer.result;
}
