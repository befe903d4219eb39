/** Chain reads only tests make: balances, mints counted from the token's logs, and raw JSON-RPC batches. */
import { balanceOf as erc20BalanceOf } from "thirdweb/extensions/erc20";
import { hex, post, rpc, type Block } from "../json-rpc.ts";
import { tokenContract } from "../local-chain.ts";

const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const ZERO_TOPIC = `0x${"0".repeat(64)}`;

export function balanceOf(rpcUrl: string, chainId: number, token: string, owner: string): Promise<bigint> {
  return erc20BalanceOf({ contract: tokenContract(rpcUrl, chainId, token), address: owner });
}

/** How many mints the chain holds to `to`: the exactly-once check. */
export async function countMintsTo(rpcUrl: string, token: string, to: string): Promise<number> {
  const logs = await rpc<unknown[]>(rpcUrl, "eth_getLogs", [
    {
      address: token,
      fromBlock: "0x0",
      toBlock: "latest",
      topics: [TRANSFER_TOPIC, ZERO_TOPIC, `0x${to.slice(2).toLowerCase().padStart(64, "0")}`],
    },
  ]);
  return logs.length;
}

export async function rpcBatch<T = unknown>(
  url: string,
  calls: Array<{ method: string; params: unknown[] }>,
): Promise<T[]> {
  const { body } = await post(
    url,
    calls.map((call, id) => ({ jsonrpc: "2.0", id, ...call })),
  );
  const answers = body as Array<{ id: number; result?: T; error?: { message: string } }>;
  return answers
    .sort((a, b) => a.id - b.id)
    .map((answer) => {
      if (answer.error) throw new Error(`${calls[answer.id]!.method}: ${answer.error.message}`);
      return answer.result as T;
    });
}

export async function blockNumber(url: string): Promise<number> {
  return Number(await rpc<string>(url, "eth_blockNumber"));
}

export function blockAt(url: string, tag: number | string): Promise<Block | null> {
  return rpc<Block | null>(url, "eth_getBlockByNumber", [typeof tag === "number" ? hex(tag) : tag, false]);
}
