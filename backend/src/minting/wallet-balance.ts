/** The native (gas) balance of `address`, over plain JSON-RPC: one call, for the metrics scrape. */
export async function readNativeBalance(rpcUrl: string, address: string, timeoutMs = 5_000): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getBalance", params: [address, "latest"] }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`eth_getBalance: HTTP ${response.status}`);
  const body = (await response.json()) as { result?: string; error?: { message: string } };
  if (!body.result) throw new Error(`eth_getBalance: ${body.error?.message ?? "no result"}`);
  return BigInt(body.result);
}
