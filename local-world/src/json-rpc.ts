/** The local side's JSON-RPC client; the backend ships its own. */

type RpcOptions = { timeoutMs?: number };

/** One request or batch: the HTTP status and the body, parsed when JSON. */
export async function post(
  url: string,
  body: unknown,
  options: RpcOptions = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs),
  });
  const text = await response.text();
  const json = response.headers.get("content-type")?.includes("json");
  return { status: response.status, body: json ? JSON.parse(text) : text };
}

/** `method`'s result; rejects with the node's error message. */
export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = [], options?: RpcOptions) {
  const { body } = await post(url, { jsonrpc: "2.0", id: 1, method, params }, options);
  const answer = body as { result?: T; error?: { message: string } };
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result as T;
}

export interface Block {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
}

export function hex(value: number | bigint): `0x${string}` {
  return `0x${value.toString(16)}`;
}
