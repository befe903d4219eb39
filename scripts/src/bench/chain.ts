/** JSON-RPC to anvil: the bench's own view of what was minted, and how blocks are mined. */
import { rpc } from "@tube/local-world/test/json-rpc";

const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const ZERO_TOPIC = `0x${"0".repeat(64)}`;

export async function blockNumber(rpcUrl: string): Promise<bigint> {
  return BigInt(await rpc<string>(rpcUrl, "eth_blockNumber"));
}

/** Recipients (lower-case addresses) of every mint (Transfer from zero) since `fromBlock`, one entry per mint. */
export async function mintRecipientsSince(rpcUrl: string, token: string, fromBlock: bigint): Promise<string[]> {
  return (await mintLogsSince(rpcUrl, token, fromBlock)).map((log) => `0x${(log.topics[2] ?? "").slice(-40)}`);
}

/** `gasUsed` of each transaction that minted since `fromBlock`, from its receipt: what a reward costs on chain. */
export async function rewardGasUsedSince(rpcUrl: string, token: string, fromBlock: bigint): Promise<bigint[]> {
  const hashes = new Set((await mintLogsSince(rpcUrl, token, fromBlock)).map((log) => log.transactionHash));
  const receipts = await Promise.all(
    [...hashes].map((hash) => rpc<{ gasUsed: string }>(rpcUrl, "eth_getTransactionReceipt", [hash])),
  );
  return receipts.map((receipt) => BigInt(receipt.gasUsed));
}

async function mintLogsSince(rpcUrl: string, token: string, fromBlock: bigint) {
  return rpc<Array<{ topics: string[]; transactionHash: string }>>(rpcUrl, "eth_getLogs", [
    {
      address: token,
      fromBlock: `0x${fromBlock.toString(16)}`,
      toBlock: "latest",
      topics: [TRANSFER_TOPIC, ZERO_TOPIC],
    },
  ]);
}
