import { randomBytes } from "node:crypto";
import { rpc } from "./json-rpc.ts";

const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const ZERO_TOPIC = `0x${"0".repeat(64)}`;

export function randomWallet(): string {
  return `0x${randomBytes(20).toString("hex")}`;
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
