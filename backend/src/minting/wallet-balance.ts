import { jsonRpc } from "./json-rpc.ts";

/** The native (gas) balance of `address`, for the metrics scrape. */
export async function readNativeBalance(rpcUrl: string, address: string, timeoutMs = 5_000): Promise<bigint> {
  return BigInt(await jsonRpc<string>(rpcUrl, { method: "eth_getBalance", params: [address, "latest"] }, timeoutMs));
}
