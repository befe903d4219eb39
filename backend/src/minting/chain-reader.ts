import { AppError } from "../errors.ts";
import type { ChainReader } from "./minter.ts";

export interface ChainReaderOptions {
  rpcUrl: string;
  chainId: number;
  tokenAddress: string;
  /** Where the log search starts: the token's deployment block keeps `eth_getLogs` within providers' range limits. */
  fromBlock?: bigint;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
}

// keccak256("Transfer(address,address,uint256)")
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const ZERO_TOPIC = `0x${"0".repeat(64)}`;

/** Reads the token over plain JSON-RPC: the backend needs two calls, not an SDK. */
export function createChainReader(options: ChainReaderOptions): ChainReader {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let requestId = 0;

  async function rpc<T>(method: string, params: unknown[]): Promise<T> {
    try {
      const response = await fetch(options.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++requestId, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`${method}: HTTP ${response.status}`);
      const body = (await response.json()) as { result?: T; error?: { code: number; message: string } };
      if (body.error || body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? "no result"}`);
      return body.result;
    } catch (cause) {
      throw new AppError("MINT_UNAVAILABLE", { cause });
    }
  }

  return {
    async findMintTo(to) {
      const logs = await rpc<Array<{ transactionHash: string; removed?: boolean }>>("eth_getLogs", [
        {
          address: options.tokenAddress,
          topics: [TRANSFER_TOPIC, ZERO_TOPIC, addressTopic(to)],
          fromBlock: `0x${(options.fromBlock ?? 0n).toString(16)}`,
          toBlock: "latest",
        },
      ]);
      return logs.find((log) => !log.removed)?.transactionHash ?? null;
    },

    async ping() {
      const answered = Number(await rpc<string>("eth_chainId", []));
      if (answered !== options.chainId) {
        throw new AppError("MINT_UNAVAILABLE", { cause: new Error(`RPC serves chain ${answered}, expected ${options.chainId}`) });
      }
    },
  };
}

function addressTopic(address: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new AppError("INVALID_WALLET_ADDRESS");
  return `0x${"0".repeat(24)}${address.slice(2).toLowerCase()}`;
}
