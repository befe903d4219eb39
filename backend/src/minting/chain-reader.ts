import * as AbiFunction from "ox/AbiFunction";
import type * as Log from "ox/Log";
import type * as TransactionReceipt from "ox/TransactionReceipt";
import { MULTICALL3_ADDRESS } from "@tube/common/constants";
import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";
import { isRateLimited, jsonRpcBatcher, RpcRateLimitedError, type JsonRpcCall } from "./json-rpc.ts";
import type { ChainObservation, FinalityTag } from "./minter.ts";

/** Doubling with each refusal in a row, with jitter. */
const RATE_LIMIT_PAUSE_MS = { first: 1_000, longest: 60_000 };
/** Wallets per `aggregate3`, well under a node's gas cap on one `eth_call`. */
const WALLETS_PER_MULTICALL = 1_000;
/** So a claim waiting for finality costs no receipt read a tick. */
const RECEIPTS_REMEMBERED = 10_000;

/** `rewardedInBlock(address)`. */
export const REWARDED_IN_BLOCK_SELECTOR = "0xf7f502f3";
/** keccak-256 of `Rewarded(address,uint256)`. */
export const REWARDED_TOPIC = "0xb3b7a071186534c03b40695710096f289fd4ed6c1a374aff0bb648955e4fe563";

/** The same cost whatever the chain's age: one Multicall3 `eth_call`, one-block logs. */
export function createChainReader(options: {
  rpcUrl: string;
  chainId: number;
  rewardsAddress: string;
  rewardAmountWei: bigint;
  finality: FinalityTag;
  maxBatchCalls: number;
  onRateLimited?: (pauseMs: number) => void;
}) {
  const rewardsAddress = options.rewardsAddress.toLowerCase();
  const receipts = new Map<string, SeenReceipt>();
  const rateLimit = { pausedUntil: 0, refusalsInARow: 0 };
  const sendBatches = jsonRpcBatcher(options.rpcUrl, { timeoutMs: 10_000, maxCalls: options.maxBatchCalls });

  async function batch(calls: JsonRpcCall[]) {
    if (Date.now() < rateLimit.pausedUntil)
      throw unavailable(new RpcRateLimitedError("paused after the provider's 429"));
    const outcomes = await sendBatches(calls);
    // Some calls through: reads are at the limit, not past it, so the pause stays short.
    const refused = outcomes.some(isRateLimited);
    if (outcomes.some((outcome) => outcome.status === "fulfilled")) rateLimit.refusalsInARow = 0;
    if (refused) pause();
    return outcomes;
  }

  function pause() {
    // Refusals of reads sent together count as one.
    if (Date.now() < rateLimit.pausedUntil) return;
    const ceiling = Math.min(RATE_LIMIT_PAUSE_MS.longest, RATE_LIMIT_PAUSE_MS.first * 2 ** rateLimit.refusalsInARow);
    const pauseMs = Math.round(ceiling * (0.5 + Math.random() / 2));
    rateLimit.refusalsInARow++;
    rateLimit.pausedUntil = Date.now() + pauseMs;
    options.onRateLimited?.(pauseMs);
  }

  async function single<T>(call: JsonRpcCall): Promise<T> {
    return valueOf((await batch([call]))[0]) as T;
  }

  const isRewardOf = (wallet: string) => (log: Log.Rpc) =>
    !log.removed &&
    log.address.toLowerCase() === rewardsAddress &&
    log.topics[0] === REWARDED_TOPIC &&
    log.topics[1]?.toLowerCase() === addressWord(wallet) &&
    BigInt(log.data) === options.rewardAmountWei;

  const receiptFor = (wallet: string, seen: SeenReceipt) => ({
    blockNumber: seen.blockNumber,
    rewardsWallet: seen.logs.some(isRewardOf(wallet)),
  });

  function remember(txHash: string, receipt: TransactionReceipt.Rpc) {
    const seen = { blockNumber: BigInt(receipt.blockNumber), logs: receipt.logs };
    if (receipts.size >= RECEIPTS_REMEMBERED) receipts.delete(receipts.keys().next().value as string);
    receipts.set(txHash, seen);
    return seen;
  }

  /** A failed head read rejects the whole. */
  async function observeMany(claims: readonly { wallet: string; txHash: string | null }[]) {
    const blockAt = (tag: FinalityTag): JsonRpcCall => ({ method: "eth_getBlockByNumber", params: [tag, false] });
    const calls: JsonRpcCall[] = [{ method: "eth_blockNumber", params: [] }];
    const finalAt = options.finality === "latest" ? -1 : calls.push(blockAt(options.finality)) - 1;
    const firstMulticall = calls.length;
    for (let start = 0; start < claims.length; start += WALLETS_PER_MULTICALL) {
      const wallets = claims.slice(start, start + WALLETS_PER_MULTICALL);
      const callDatas = wallets.map(({ wallet }) => rewardedInBlockData(wallet));
      calls.push(aggregate3Call(rewardsAddress, callDatas));
    }
    const receiptAsked = new Map<string, number>();
    for (const { txHash } of claims) {
      if (!txHash || receipts.has(txHash) || receiptAsked.has(txHash)) continue;
      receiptAsked.set(txHash, calls.length);
      calls.push(receiptCall(txHash));
    }

    // Asked last, so a per-second limit refuses it first: it matters least.
    const finalizedAt = options.finality === "finalized" ? finalAt : calls.push(blockAt("finalized")) - 1;

    const outcomes = await batch(calls);
    const valueAt = (index: number) => valueOf(outcomes[index]);
    const head = BigInt(valueAt(0) as string);
    // A chain too young to have a safe or finalized block has nothing final yet.
    const heightAt = (index: number) => BigInt((valueAt(index) as { number: string } | null)?.number ?? -1);
    const finalHead = finalAt === -1 ? head : heightAt(finalAt);
    const finalized = settle(() => heightAt(finalizedAt));
    const finalizedHead = finalized.status === "fulfilled" ? finalized.value : -1n;

    const decoded = new Map<number, ReturnType<typeof decodeAggregate3>>();
    const rewardRecordOf = (index: number) => {
      const at = firstMulticall + Math.floor(index / WALLETS_PER_MULTICALL);
      if (!decoded.has(at)) decoded.set(at, decodeAggregate3(valueAt(at) as string));
      return decoded.get(at)?.[index % WALLETS_PER_MULTICALL];
    };
    const receiptOf = (wallet: string, txHash: string | null): ChainObservation["receipt"] => {
      if (!txHash) return null;
      const known = receipts.get(txHash);
      if (known) return receiptFor(wallet, known);
      // JSON null: the transaction is unknown or still pending.
      const answered = valueAt(receiptAsked.get(txHash) as number) as TransactionReceipt.Rpc | null;
      return answered && receiptFor(wallet, remember(txHash, answered));
    };

    return claims.map(({ wallet, txHash }, index) =>
      settle((): ChainObservation => {
        const read = rewardRecordOf(index);
        if (!read?.success) throw unavailable(new Error(`rewardedInBlock(${wallet}) failed in Multicall3`));
        const rewardedInBlock = BigInt(read.returnData) || null;
        return { head, finalHead, finalizedHead, rewardedInBlock, receipt: receiptOf(wallet, txHash) };
      }),
    );
  }

  return {
    async observe(wallet: string, txHash: string | null) {
      const [seen] = await observeMany([{ wallet, txHash }]);
      if (seen?.status !== "fulfilled") throw seen?.reason;
      return seen.value;
    },

    observeMany,

    /** Never a remembered receipt: its block may be reorganised away. */
    async receiptNow(wallet: string, txHash: string) {
      const receipt = await single<TransactionReceipt.Rpc | null>(receiptCall(txHash));
      receipts.delete(txHash);
      return receipt && receiptFor(wallet, remember(txHash, receipt));
    },

    /** True once a reward is in a block: by its receipt once its hash is known, else by its wallet's record. */
    async anyMined(rewards: readonly { wallet: string; txHash: string | null }[]): Promise<boolean> {
      const txHashes = rewards.flatMap(({ txHash }) => txHash ?? []);
      if (txHashes.some((txHash) => receipts.has(txHash))) return true;
      const unhashed = rewards.flatMap(({ wallet, txHash }) => (txHash ? [] : rewardedInBlockData(wallet)));
      const calls = txHashes.map(receiptCall);
      if (unhashed.length > 0) calls.push(aggregate3Call(rewardsAddress, unhashed.slice(0, WALLETS_PER_MULTICALL)));
      const outcomes = await batch(calls);
      const [records] = outcomes.splice(txHashes.length);
      outcomes.forEach((outcome, index) => {
        if (outcome.status === "fulfilled" && outcome.value)
          remember(txHashes[index] as string, outcome.value as TransactionReceipt.Rpc);
      });
      const rewarded = records?.status === "fulfilled" && decodeAggregate3(records.value as string).some(isRewarded);
      return rewarded || outcomes.some((outcome) => outcome.status === "fulfilled" && !!outcome.value);
    },

    /** Null while the node lacks the log. */
    async rewardTransactions(rewards: readonly { wallet: string; block: bigint }[]) {
      if (rewards.length === 0) return [];
      const outcomes = await batch(
        rewards.map(({ wallet, block }) => ({
          method: "eth_getLogs",
          params: [{ address: rewardsAddress, topics: [REWARDED_TOPIC, addressWord(wallet)], ...blockRange(block) }],
        })),
      );
      return outcomes.map((outcome, index): PromiseSettledResult<string | null> => {
        if (outcome.status === "rejected") return { status: "rejected", reason: unavailable(outcome.reason) };
        const logs = outcome.value as Log.Rpc[];
        const wallet = (rewards[index] as { wallet: string }).wallet;
        return { status: "fulfilled", value: logs.find(isRewardOf(wallet))?.transactionHash ?? null };
      });
    },

    async ping() {
      const answered = Number(await single<string>({ method: "eth_chainId", params: [] }));
      const cause = new Error(`RPC serves chain ${answered}, expected ${options.chainId}`);
      if (answered !== options.chainId) throw new AppError("MINT_UNAVAILABLE", { cause });
    },
  };
}

interface SeenReceipt {
  blockNumber: bigint;
  logs: Log.Rpc[];
}

function unavailable(cause: unknown) {
  return cause instanceof AppError
    ? cause
    : new AppError("MINT_UNAVAILABLE", { cause, retryAfterSeconds: RETRY_AFTER_SECONDS });
}

function valueOf(outcome: PromiseSettledResult<unknown> | undefined) {
  if (outcome?.status !== "fulfilled") throw unavailable(outcome?.reason);
  return outcome.value;
}

function settle<T>(read: () => T): PromiseSettledResult<T> {
  try {
    return { status: "fulfilled", value: read() };
  } catch (reason) {
    return { status: "rejected", reason };
  }
}

function receiptCall(txHash: string): JsonRpcCall {
  return { method: "eth_getTransactionReceipt", params: [txHash] };
}

function blockRange(block: bigint) {
  const hex = `0x${block.toString(16)}`;
  return { fromBlock: hex, toBlock: hex };
}

const isRewarded = (read: { success: boolean; returnData: string }) => read.success && BigInt(read.returnData) > 0n;

const rewardedInBlockData = (wallet: string) => REWARDED_IN_BLOCK_SELECTOR + addressWord(wallet).slice(2);

function addressWord(address: string) {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new AppError("INVALID_WALLET_ADDRESS");
  return `0x${"0".repeat(24)}${address.slice(2).toLowerCase()}`;
}

const AGGREGATE3 = AbiFunction.from(
  "function aggregate3((address target, bool allowFailure, bytes callData)[] calls) returns ((bool success, bytes returnData)[])",
);
export const AGGREGATE3_SELECTOR = AbiFunction.getSelector(AGGREGATE3);

/** A provider counts it as one call. */
function aggregate3Call(target: string, callDatas: readonly string[]) {
  const call3s = callDatas.map((callData) => ({
    target: target as `0x${string}`,
    allowFailure: true,
    callData: callData as `0x${string}`,
  }));
  return {
    method: "eth_call",
    params: [{ to: MULTICALL3_ADDRESS, data: AbiFunction.encodeData(AGGREGATE3, [call3s]) }, "latest"],
  };
}

function decodeAggregate3(returned: string): readonly { success: boolean; returnData: string }[] {
  // A call to an address without code answers empty: a chain without Multicall3 is not one the app runs on.
  if (returned === "0x")
    throw unavailable(new Error(`this chain is not supported: no Multicall3 at ${MULTICALL3_ADDRESS}`));
  return AbiFunction.decodeResult(AGGREGATE3, returned as `0x${string}`);
}
