/** JSON-RPC to anvil: the bench's own view of what was minted, and how blocks are mined. */
import { rpc } from "@tube/local-world/test/json-rpc";

const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const ZERO_TOPIC = `0x${"0".repeat(64)}`;

export async function blockNumber(rpcUrl: string): Promise<bigint> {
  return BigInt(await rpc<string>(rpcUrl, "eth_blockNumber"));
}

/** Recipients (lower-case addresses) of every mint (Transfer from zero) since `fromBlock`, one entry per mint. */
export async function mintRecipientsSince(rpcUrl: string, token: string, fromBlock: bigint): Promise<string[]> {
  const logs = await rpc<Array<{ topics: string[] }>>(rpcUrl, "eth_getLogs", [
    {
      address: token,
      fromBlock: `0x${fromBlock.toString(16)}`,
      toBlock: "latest",
      topics: [TRANSFER_TOPIC, ZERO_TOPIC],
    },
  ]);
  return logs.map((log) => `0x${(log.topics[2] ?? "").slice(-40)}`);
}
