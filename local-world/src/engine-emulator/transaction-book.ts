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

/** What an injected fault does to a new transaction. */
export type Sabotage = "failed" | "revert" | null;

// Enough for a plain transfer's intrinsic cost plus calldata, far too little for a mint: the transaction is mined and reverts.
const REVERTING_GAS_LIMIT = 25_000n;

export interface TransactionBook {
  /** Engine's idempotency: the live transaction with this id, unless that one FAILED. */
  reusable(id: string): EngineTransaction | null;
  /** Records a transaction and queues it behind the earlier ones from the same wallet. */
  queue(input: { clientId: string; executionParams: ExecutionParams; transaction: InnerTransaction; sabotage: Sabotage }): EngineTransaction;
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
  // One promise chain per wallet: sends from a wallet never overlap, so nonces never collide.
  const lanes = new Map<string, Promise<void>>();
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
    update(transaction, { status: "FAILED", errorMessage, executionResult: { status: "FAILED", error: { message: errorMessage } } });

  const execute = async (transaction: EngineTransaction, sabotage: Sabotage) => {
    if (draining) return fail(transaction, "Engine emulator stopped before sending");
    if (sabotage === "failed") return fail(transaction, "Transaction failed: fault injected by the Engine emulator");

    const account = options.accounts.get(transaction.from.toLowerCase());
    const [inner] = transaction.transactionParams;
    if (!account || !inner) return fail(transaction, "Engine emulator has no signer for this transaction");
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
      update(transaction, { status: "SUBMITTED", transactionHash, executionResult: { status: "SUBMITTED", transactionHash } });

      const receipt = await receiptOf(options, transactionHash);
      if (receipt.status !== "success") return fail(transaction, `Transaction reverted on chain in block ${receipt.blockNumber}`);
      update(transaction, {
        status: "CONFIRMED",
        confirmedAt: new Date().toISOString(),
        confirmedAtBlockNumber: receipt.blockNumber.toString(),
        executionResult: { status: "CONFIRMED", transactionHash, blockNumber: receipt.blockNumber.toString(), gasUsed: receipt.gasUsed.toString() },
      });
    } catch (error) {
      fail(transaction, error instanceof Error ? error.message.split("\n")[0]! : String(error));
    }
  };

  return {
    reusable(id) {
      const existing = transactions.get(id);
      return existing && existing.status !== "FAILED" ? existing : null;
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
      // A retry after FAILED takes over the id, as Engine's job id is the idempotency key.
      transactions.set(transaction.id, transaction);
      options.log("transaction QUEUED", { id: transaction.id, sabotage });

      const wallet = transaction.from.toLowerCase();
      const lane = (lanes.get(wallet) ?? Promise.resolve()).then(() => execute(transaction, sabotage));
      lanes.set(wallet, lane);
      return transaction;
    },
    list(filter) {
      return [...transactions.values()].filter(
        (transaction) =>
          (filter.id === undefined || transaction.id === filter.id) &&
          (filter.status === undefined || transaction.status === filter.status) &&
          (filter.from === undefined || transaction.from.toLowerCase() === filter.from.toLowerCase()),
      );
    },
    async drain(timeoutMs) {
      draining = true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.all(lanes.values()), timeout]);
      clearTimeout(timer);
    },
  };
}
