import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";
import { jsonRpcBatch, type JsonRpcCall } from "./json-rpc.ts";
import type { ChainObservation, ChainReader, FinalityTag } from "./minter.ts";

export interface ChainReaderOptions {
  rpcUrl: string;
  chainId: number;
  /** The TuBERewards contract: its record of rewarded wallets is the truth about a claim. */
  rewardsAddress: string;
  /** The reward each wallet gets, in base units: a receipt proves a claim only with this amount. */
  rewardAmountWei: bigint;
  finality: FinalityTag;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
}

/** `rewardedInBlock(address)`: the first 4 bytes of its keccak-256 (a test recomputes it). */
export const REWARDED_IN_BLOCK_SELECTOR = "0xf7f502f3";
/** keccak-256 of `Rewarded(address,uint256)` (a test recomputes it). */
export const REWARDED_TOPIC = "0xb3b7a071186534c03b40695710096f289fd4ed6c1a374aff0bb648955e4fe563";

interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  transactionHash: string;
  removed?: boolean;
}
interface RpcReceipt {
  status: string;
  blockNumber: string;
  logs: RpcLog[];
}

/**
 * Reads the rewards contract over plain JSON-RPC: a few calls, not an SDK. Every read costs the same whatever the
 * chain's age: one `eth_call` asks the contract whether a wallet was rewarded, and the only log query spans one block.
 */
export function createChainReader(options: ChainReaderOptions): ChainReader {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const rewards = options.rewardsAddress.toLowerCase();
  const amountWord = `0x${options.rewardAmountWei.toString(16).padStart(64, "0")}`;

  /** One HTTP request carrying every call; any failed member fails the whole read ("try again later"). */
  async function batch(calls: JsonRpcCall[]): Promise<unknown[]> {
    try {
      return await jsonRpcBatch(options.rpcUrl, calls, timeoutMs);
    } catch (cause) {
      throw new AppError("MINT_UNAVAILABLE", { cause, retryAfterSeconds: RETRY_AFTER_SECONDS });
    }
  }

  const rewardedInBlockCall = (wallet: string) => ({
    method: "eth_call",
    params: [{ to: rewards, data: `${REWARDED_IN_BLOCK_SELECTOR}${addressWord(wallet).slice(2)}` }, "latest"],
  });

  /** The reward event for exactly this wallet and amount, from the rewards contract itself. */
  const isRewardOf = (wallet: string) => (log: RpcLog) =>
    !log.removed &&
    log.address.toLowerCase() === rewards &&
    log.topics[0] === REWARDED_TOPIC &&
    log.topics[1]?.toLowerCase() === addressWord(wallet) &&
    BigInt(log.data) === BigInt(amountWord);

  /** The heads once, then per claim the contract's record of its wallet and its transaction's receipt when known. */
  async function observeMany(claims: readonly { wallet: string; txHash: string | null }[]) {
    const calls: JsonRpcCall[] = [{ method: "eth_blockNumber", params: [] }];
    if (options.finality !== "latest")
      calls.push({ method: "eth_getBlockByNumber", params: [options.finality, false] });
    for (const { wallet, txHash } of claims) {
      calls.push(rewardedInBlockCall(wallet));
      if (txHash) calls.push({ method: "eth_getTransactionReceipt", params: [txHash] });
    }
    const answers = await batch(calls);
    const head = BigInt(answers.shift() as string);
    const finalBlock = options.finality === "latest" ? null : (answers.shift() as { number: string } | null);
    // A chain too young to have a safe or finalized block has nothing final yet.
    const finalHead = options.finality === "latest" ? head : finalBlock ? BigInt(finalBlock.number) : -1n;
    return claims.map(({ wallet, txHash }): ChainObservation => {
      const rewardedInBlock = BigInt(answers.shift() as string);
      // JSON null: the transaction is unknown or still pending.
      const receipt = txHash ? (answers.shift() as RpcReceipt | null) : null;
      return {
        head,
        finalHead,
        rewardedInBlock: rewardedInBlock === 0n ? null : rewardedInBlock,
        receipt: receipt
          ? { blockNumber: BigInt(receipt.blockNumber), rewardsWallet: receipt.logs.some(isRewardOf(wallet)) }
          : null,
      };
    });
  }

  return {
    async observe(wallet, txHash) {
      const [seen] = await observeMany([{ wallet, txHash }]);
      return seen as ChainObservation;
    },

    observeMany,

    async rewardTransaction(wallet, block) {
      const [logs] = (await batch([
        {
          method: "eth_getLogs",
          params: [
            {
              address: rewards,
              topics: [REWARDED_TOPIC, addressWord(wallet)],
              fromBlock: toHex(block),
              toBlock: toHex(block),
            },
          ],
        },
      ])) as [RpcLog[]];
      return logs.find(isRewardOf(wallet))?.transactionHash ?? null;
    },

    async ping() {
      const [chainId] = await batch([{ method: "eth_chainId", params: [] }]);
      const answered = Number(chainId);
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

function addressWord(address: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new AppError("INVALID_WALLET_ADDRESS");
  return `0x${"0".repeat(24)}${address.slice(2).toLowerCase()}`;
}
