import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";
import type { ChainReader } from "./minter.ts";

export interface ChainReaderOptions {
  rpcUrl: string;
  chainId: number;
  tokenAddress: string;
  /** Blocks per `eth_getLogs` request: providers cap the range (often at 10,000). */
  logWindowBlocks: bigint;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
}

// keccak256("Transfer(address,address,uint256)")
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const ZERO_TOPIC = `0x${"0".repeat(64)}`;

/** Reads the token over plain JSON-RPC: the backend needs a few calls, not an SDK. */
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
      throw new AppError("MINT_UNAVAILABLE", { cause, retryAfterSeconds: RETRY_AFTER_SECONDS });
    }
  }

  return {
    blockNumber: async () => BigInt(await rpc<string>("eth_blockNumber", [])),

    async findMintTo(to, fromBlock) {
      const topics = [TRANSFER_TOPIC, ZERO_TOPIC, addressTopic(to)];
      const head = BigInt(await rpc<string>("eth_blockNumber", []));
      // Window by window up to a fixed head: each request stays within the provider's range cap.
      for (let start = fromBlock; start <= head; start += options.logWindowBlocks) {
        const end = start + options.logWindowBlocks - 1n < head ? start + options.logWindowBlocks - 1n : head;
        const logs = await rpc<Array<{ transactionHash: string; blockNumber: string; removed?: boolean }>>(
          "eth_getLogs",
          [{ address: options.tokenAddress, topics, fromBlock: toHex(start), toBlock: toHex(end) }],
        );
        const mint = logs.find((log) => !log.removed);
        if (mint) return { txHash: mint.transactionHash, blockNumber: BigInt(mint.blockNumber) };
      }
      return null;
    },

    async receiptOf(txHash) {
      // JSON null: the transaction is unknown or still pending.
      const receipt = await rpc<{ status: string; blockNumber: string } | null>("eth_getTransactionReceipt", [txHash]);
      return receipt ? { succeeded: receipt.status === "0x1", blockNumber: BigInt(receipt.blockNumber) } : null;
    },

    async ping() {
      const answered = Number(await rpc<string>("eth_chainId", []));
      if (answered !== options.chainId) {
        throw new AppError("MINT_UNAVAILABLE", {
          cause: new Error(`RPC serves chain ${answered}, expected ${options.chainId}`),
        });
      }
    },
  };
}

function toHex(value: bigint): string {
  return `0x${value.toString(16)}`;
}

function addressTopic(address: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new AppError("INVALID_WALLET_ADDRESS");
  return `0x${"0".repeat(24)}${address.slice(2).toLowerCase()}`;
}
