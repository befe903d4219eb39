import { prepareTransaction, sendTransaction, type ThirdwebClient } from "thirdweb";
import type { Chain } from "thirdweb/chains";
import type { Account } from "thirdweb/wallets";
import { receiptOf } from "../local-chain.ts";
import type { ExecutionParams, InnerTransaction } from "./write-request.ts";

export type TransactionStatus = "QUEUED" | "SUBMITTED" | "CONFIRMED" | "FAILED";

/** One row of `GET /v1/transactions`, in Engine Cloud's shape. */
export interface EngineTransaction {
  id: string;
  batchIndex: number;
  clientId: string;
  chainId: string;
  from: string;
  transactionParams: InnerTransaction[];
  transactionHash: string | null;
  status: TransactionStatus;
  confirmedAt: string | null;
  confirmedAtBlockNumber: string | null;
  enrichedData: unknown[];
  executionParams: ExecutionParams;
  executionResult: Record<string, unknown> | null;
  createdAt: string;
  errorMessage: string | null;
  cancelledAt: string | null;
}

/** What an injected fault does to a new transaction (see faults.ts). */
export type Sabotage = "failed" | "revert" | "failedThenMined" | "stuckSubmitted" | "listLag" | null;

/** How many list reads a `listLag` transaction stays invisible to. */
const LAGGING_READS = 3;
/**
 * Engine keeps an idempotency key for 24 hours. Engine docs, "Preventing Duplicate Transactions"
 * (https://portal.thirdweb.com/engine/features/idempotency): "a transaction is only sent if no other transaction
 * was sent with the same idempotency key in the past 24 hours"; a repeat returns the original transaction.
 */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

// Enough for a plain transfer's intrinsic cost plus calldata, far too little for a mint: the transaction is mined and reverts.
const REVERTING_GAS_LIMIT = 25_000n;

export interface TransactionBook {
  /**
   * Engine's idempotency: the transaction first queued with this key in the last 24 hours, whatever its status
   * (FAILED too). In Engine Cloud the transaction id is the key itself, so a used key can never start a new one.
   */
  original(idempotencyKey: string): EngineTransaction | null;
  /** Records a transaction and queues it behind the earlier ones from the same wallet. */
  queue(input: {
    clientId: string;
    executionParams: ExecutionParams;
    transaction: InnerTransaction;
    sabotage: Sabotage;
  }): EngineTransaction;
  list(filter: { id?: string; status?: string; from?: string }): EngineTransaction[];
  /** Waits (at most `timeoutMs`) for queued work and stops taking more. */
  drain(timeoutMs: number): Promise<void>;
}

export function createTransactionBook(options: {
  client: ThirdwebClient;
  chain: Chain;
  accounts: ReadonlyMap<string, Account>;
  log: (message: string, fields?: Record<string, unknown>) => void;
}): TransactionBook {
  const transactions = new Map<string, EngineTransaction>();
  // Reads left before a lagging transaction shows up in the list: Engine's list can trail its writes.
  const hiddenReads = new Map<string, number>();
  // One promise chain per wallet: sends from a wallet never overlap, so nonces never collide.
  const lanes = new Map<string, Promise<void>>();
  // Receipts being waited for, off the lanes; drain waits for them too.
  const confirmations = new Set<Promise<void>>();
  let draining = false;

  const update = (transaction: EngineTransaction, change: Partial<EngineTransaction>) => {
    Object.assign(transaction, change);
    options.log(`transaction ${transaction.status}`, {
      id: transaction.id,
      transactionHash: transaction.transactionHash,
      errorMessage: transaction.errorMessage,
    });
  };

  const fail = (transaction: EngineTransaction, errorMessage: string) =>
    update(transaction, {
      status: "FAILED",
      errorMessage,
      executionResult: { status: "FAILED", error: { message: errorMessage } },
    });

  /** Signs and sends; resolves with the hash once the chain has the transaction, or null when it never left. */
  const send = async (transaction: EngineTransaction, sabotage: Sabotage): Promise<`0x${string}` | null> => {
    if (draining) return (fail(transaction, "Engine emulator stopped before sending"), null);
    if (sabotage === "failed")
      return (fail(transaction, "Transaction failed: fault injected by the Engine emulator"), null);

    const account = options.accounts.get(transaction.from.toLowerCase());
    const [inner] = transaction.transactionParams;
    if (!account || !inner) return (fail(transaction, "Engine emulator has no signer for this transaction"), null);
    try {
      const prepared = prepareTransaction({
        client: options.client,
        chain: options.chain,
        to: inner.to,
        data: inner.data,
        value: BigInt(inner.value),
        ...(sabotage === "revert" ? { gas: REVERTING_GAS_LIMIT } : {}),
      });
      const { transactionHash } = await sendTransaction({ transaction: prepared, account });
      update(transaction, {
        status: "SUBMITTED",
        transactionHash,
        executionResult: { status: "SUBMITTED", transactionHash },
      });
      return transactionHash;
    } catch (error) {
      fail(transaction, errorText(error));
      return null;
    }
  };

  /** Follows a sent transaction to its receipt, as Engine's confirmation worker does. */
  const confirm = async (transaction: EngineTransaction, transactionHash: `0x${string}`, sabotage: Sabotage) => {
    // Engine gives up on a transaction that is already on its way: FAILED, with the hash of what the chain mines anyway.
    if (sabotage === "failedThenMined")
      return fail(transaction, "Transaction failed: gave up waiting (fault injected by the Engine emulator)");
    // Engine never looks at the transaction again: it stays SUBMITTED whatever the chain does with it.
    if (sabotage === "stuckSubmitted") return;
    try {
      const receipt = await receiptOf(options, transactionHash);
      if (receipt.status !== "success")
        return fail(transaction, `Transaction reverted on chain in block ${receipt.blockNumber}`);
      update(transaction, {
        status: "CONFIRMED",
        confirmedAt: new Date().toISOString(),
        confirmedAtBlockNumber: receipt.blockNumber.toString(),
        executionResult: {
          status: "CONFIRMED",
          transactionHash,
          blockNumber: receipt.blockNumber.toString(),
          gasUsed: receipt.gasUsed.toString(),
        },
      });
    } catch (error) {
      fail(transaction, errorText(error));
    }
  };

  const visible = (id: string) => {
    const left = hiddenReads.get(id);
    if (left === undefined) return true;
    if (left <= 1) hiddenReads.delete(id);
    else hiddenReads.set(id, left - 1);
    return false;
  };

  return {
    original(idempotencyKey) {
      const existing = transactions.get(idempotencyKey);
      return existing && Date.now() - Date.parse(existing.createdAt) < IDEMPOTENCY_WINDOW_MS ? existing : null;
    },
    queue({ clientId, executionParams, transaction: inner, sabotage }) {
      const transaction: EngineTransaction = {
        id: executionParams.idempotencyKey,
        batchIndex: 0,
        clientId,
        chainId: String(executionParams.chainId),
        from: executionParams.from,
        transactionParams: [inner],
        transactionHash: null,
        status: "QUEUED",
        confirmedAt: null,
        confirmedAtBlockNumber: null,
        enrichedData: [],
        executionParams,
        executionResult: null,
        createdAt: new Date().toISOString(),
        errorMessage: null,
        cancelledAt: null,
      };
      transactions.set(transaction.id, transaction);
      if (sabotage === "listLag") hiddenReads.set(transaction.id, LAGGING_READS);
      options.log("transaction QUEUED", { id: transaction.id, sabotage });

      // Sends from one wallet stay in order (each takes the chain's next pending nonce), but the next send does not
      // wait for the previous receipt: Engine sends many transactions per wallet before any is mined.
      const wallet = transaction.from.toLowerCase();
      const sent = (lanes.get(wallet) ?? Promise.resolve()).then(() => send(transaction, sabotage));
      lanes.set(
        wallet,
        sent.then(() => undefined),
      );
      const confirming: Promise<void> = sent
        .then(async (hash) => {
          if (hash) await confirm(transaction, hash, sabotage);
        })
        .finally(() => confirmations.delete(confirming));
      confirmations.add(confirming);
      return transaction;
    },
    list(filter) {
      return [...transactions.values()].filter(
        (transaction) =>
          visible(transaction.id) &&
          (filter.id === undefined || transaction.id === filter.id) &&
          (filter.status === undefined || transaction.status === filter.status) &&
          (filter.from === undefined || transaction.from.toLowerCase() === filter.from.toLowerCase()),
      );
    },
    async drain(timeoutMs) {
      draining = true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.all([...lanes.values(), ...confirmations]), timeout]);
      clearTimeout(timer);
    },
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message.split("\n")[0]! : String(error);
}
