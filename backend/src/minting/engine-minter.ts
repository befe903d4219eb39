import { getTransactions, writeContract } from "@thirdweb-dev/engine";
import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";
import { RewardNotQueuedError, type Minter, type MintStatus, type MintTransaction } from "./minter.ts";
import { withTimeLimit } from "./time-limit.ts";

export type EngineApi = "write_contract" | "get_transactions";

export interface EngineMinterOptions {
  /** Engine Cloud (https://engine.thirdweb.com) or the local emulator. */
  engineUrl: string;
  secretKey: string;
  vaultAccessToken: string;
  /** The Engine server wallet holding REWARDER_ROLE on the rewards contract. */
  serverWallet: string;
  chainId: number;
  rewardsAddress: string;
  /** Where Engine posts each reward's status changes, signed with `secret`; unset, nothing is posted. */
  webhook?: { url: string; secret: string };
  /** Per request; a slower answer counts as Engine being unavailable. Default 10 s. */
  timeoutMs?: number;
  /** Told about every Engine call, for metrics: `ok`, or the kind of failure. */
  onCall?: (api: EngineApi, outcome: EngineOutcome) => void;
}

/** How an Engine call ended; the kinds an operator tells apart (ops/alerts.yml): refused, Engine down, too slow, unreachable. */
type EngineOutcome = "ok" | "http_4xx" | "http_5xx" | "timeout" | "unreachable";

class EngineAnswerError extends Error {
  constructor(
    message: string,
    readonly kind: EngineOutcome,
  ) {
    super(message);
  }
}

function failureKind(cause: unknown): EngineOutcome {
  if (cause instanceof EngineAnswerError) return cause.kind;
  if (cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError")) return "timeout";
  return "unreachable";
}

const REWARD_METHOD = "function reward(address to)";
/**
 * Pinned, never Engine's default `auto`: from an EOA server wallet `auto` relays through thirdweb's bundler
 * (EIP-7702, or ERC-4337 as a fallback), where gas is thirdweb's, capped by the project's sponsorship policy, and a
 * bundle's receipt succeeds even when the reward inside it reverted. `EOA` sends from the server wallet itself: its
 * ETH pays the gas (what /metrics and `doctor` watch), and the receipt's status is the reward's own.
 */
const EXECUTION_TYPE = "EOA";
/** Engine Cloud's largest page of `GET /v1/transactions`. */
const PAGE_LIMIT = 100;
/** Up to this many transactions, reading each by id costs less than a page of 100 rows. */
const READS_BY_ID_MAX = 4;
const MINT_STATUSES: readonly string[] = ["QUEUED", "SUBMITTED", "CONFIRMED", "FAILED"] satisfies MintStatus[];

/**
 * Queues rewards through thirdweb Engine Cloud. The only user of `@thirdweb-dev/engine`: every call carries its own
 * base URL and credentials instead of the package's global `configure()`, so several minters can live in one process.
 */
export function createEngineMinter(options: EngineMinterOptions): Minter {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const requestOptions = (signal: AbortSignal) => ({ baseUrl: options.engineUrl, auth: options.secretKey, signal });

  // Any failure to get an answer from Engine is "try again later" for the caller; the cause keeps the detail.
  async function call<T>(
    api: EngineApi,
    send: (signal: AbortSignal) => Promise<{ data?: T; error?: unknown; response?: Response }>,
  ): Promise<T> {
    try {
      const { data, error, response } = await withTimeLimit(timeoutMs, send);
      if (data === undefined || error !== undefined) {
        const status = response?.status ?? 0;
        const kind = status >= 400 && status < 500 ? "http_4xx" : "http_5xx";
        throw new EngineAnswerError(`Engine ${api} answered HTTP ${status || "?"}: ${JSON.stringify(error)}`, kind);
      }
      options.onCall?.(api, "ok");
      return data;
    } catch (cause) {
      const kind = failureKind(cause);
      options.onCall?.(api, kind);
      // A refusal (a bad request, a 429) is a definite "nothing happened"; anything else may have been queued.
      if (kind === "http_4xx") throw new RewardNotQueuedError(cause);
      throw new AppError("MINT_UNAVAILABLE", { cause, retryAfterSeconds: RETRY_AFTER_SECONDS });
    }
  }

  const findTransactions = (query: NonNullable<Parameters<typeof getTransactions>[0]>["query"]) =>
    call("get_transactions", (signal) => getTransactions({ ...requestOptions(signal), query }));

  async function getTransaction(transactionId: string): Promise<MintTransaction | null> {
    const data = await findTransactions({ id: transactionId });
    const row = data.result.transactions.find(
      (transaction) => transaction.id === transactionId && transaction.batchIndex === 0,
    );
    return row ? toMintTransaction(row) : null;
  }

  /**
   * Engine Cloud reads one id per request, or the server wallet's transactions newest first, a page of 100 at a
   * time: the pages that could hold every id asked about (one more than they would fill), so a process following
   * hundreds of claims asks a few times a tick, not hundreds. An id older than those pages counts as not found,
   * which only delays the rule that gives an attempt up until its grace period is over.
   */
  async function readPages(wanted: Set<string>): Promise<Map<string, MintTransaction>> {
    const found = new Map<string, MintTransaction>();
    const pages = Math.ceil(wanted.size / PAGE_LIMIT) + 1;
    for (let page = 1; page <= pages && found.size < wanted.size; page++) {
      const data = await findTransactions({
        from: options.serverWallet,
        sortBy: "createdAt",
        sortDirection: "desc",
        limit: PAGE_LIMIT,
        page,
      });
      for (const row of data.result.transactions)
        if (row.batchIndex === 0 && wanted.has(row.id)) found.set(row.id, toMintTransaction(row));
      if (data.result.transactions.length < PAGE_LIMIT) break;
    }
    return found;
  }

  return {
    async queueReward({ to, idempotencyKey }) {
      const data = await call("write_contract", (signal) =>
        writeContract({
          ...requestOptions(signal),
          headers: { "x-vault-access-token": options.vaultAccessToken },
          body: {
            executionOptions: {
              type: EXECUTION_TYPE,
              from: options.serverWallet,
              chainId: options.chainId,
              idempotencyKey,
            },
            params: [{ contractAddress: options.rewardsAddress, method: REWARD_METHOD, params: [to] }],
            ...(options.webhook ? { webhookOptions: [options.webhook] } : {}),
          },
        }),
      );
      const transactionId = data.result.transactions[0]?.id;
      if (!transactionId) throw new AppError("MINT_UNAVAILABLE", { cause: new Error("Engine queued no transaction") });
      return { transactionId };
    },

    getTransaction,

    async getTransactions(transactionIds) {
      const wanted = new Set(transactionIds);
      if (wanted.size > READS_BY_ID_MAX) return readPages(wanted);
      const rows = await Promise.all([...wanted].map(getTransaction));
      return new Map(rows.filter((row) => row !== null).map((row) => [row.transactionId, row]));
    },

    async ping() {
      await findTransactions({ limit: 1 });
    },
  };
}

function toMintTransaction(row: {
  id: string;
  status: string | null;
  transactionHash: string | null;
  errorMessage: string | null;
  cancelledAt: string | null;
  executionResult: unknown;
}): MintTransaction {
  // Engine leaves status empty until a worker picks the transaction up.
  const status = row.status !== null && MINT_STATUSES.includes(row.status) ? (row.status as MintStatus) : "QUEUED";
  return {
    transactionId: row.id,
    status,
    txHash: row.transactionHash,
    errorMessage: row.errorMessage,
    cancelled: row.cancelledAt !== null,
    callReverted: onchainStatusOf(row.executionResult) === "REVERTED",
  };
}

/** Engine Cloud's `executionResult.onchainStatus`: what happened to the call itself, as opposed to its carrier. */
function onchainStatusOf(executionResult: unknown): unknown {
  return typeof executionResult === "object" && executionResult !== null && "onchainStatus" in executionResult
    ? executionResult.onchainStatus
    : undefined;
}
