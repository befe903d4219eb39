import { searchTransactions, signMessage, writeContract, type SearchTransactionsResponse } from "@thirdweb-dev/engine";
import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";
import { RewardNotQueuedError, type MintStatus, type MintTransaction, type SigningProof } from "./minter.ts";

export type EngineApi = "write_contract" | "search_transactions" | "sign_message";

export interface EngineMinterOptions {
  engineUrl: string;
  secretKey: string;
  vaultAccessToken: string;
  serverWallet: string;
  chainId: number;
  rewardsAddress: string;
  timeoutMs?: number;
  onCall?: (api: EngineApi, outcome: EngineOutcome) => void;
}

type EngineOutcome = "ok" | "http_4xx" | "http_5xx" | "timeout" | "unreachable";

const REWARD_METHOD = "function reward(address to)";
/** Not Engine's default `auto`: a bundler's receipt succeeds even when the reward inside reverted. */
const EXECUTION_TYPE = "EOA";
/** One page of rows: each write is one transaction. */
const IDS_PER_SEARCH = 100;
const MINT_STATUSES: readonly string[] = ["QUEUED", "SUBMITTED", "CONFIRMED", "FAILED"] satisfies MintStatus[];
/** Engine's words for a transaction it could not sign: FAILED at once, no hash, though answered 202. */
const SIGNING_FAILED_PREFIX = "Transaction signing failed:";
const PROOF_MESSAGE = "TuBE Rewards: Engine signs as the server wallet";

export function createEngineMinter(options: EngineMinterOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const requestOptions = (signal: AbortSignal) => ({ baseUrl: options.engineUrl, auth: options.secretKey, signal });
  const vault = { "x-vault-access-token": options.vaultAccessToken };

  async function call<T>(
    api: EngineApi,
    send: (signal: AbortSignal) => Promise<{ data?: T; error?: unknown; response?: Response }>,
  ): Promise<T> {
    const fail = (kind: EngineOutcome, cause: unknown): never => {
      options.onCall?.(api, kind);
      // A refusal (a bad request, a 429) queued nothing; anything else may have.
      if (kind === "http_4xx") throw new RewardNotQueuedError(cause);
      throw new AppError("MINT_UNAVAILABLE", { cause, retryAfterSeconds: RETRY_AFTER_SECONDS });
    };
    const { data, error, response } = await send(AbortSignal.timeout(timeoutMs)).catch((cause: unknown) =>
      fail(
        cause instanceof Error && ["TimeoutError", "AbortError"].includes(cause.name) ? "timeout" : "unreachable",
        cause,
      ),
    );
    if (data === undefined || error !== undefined) {
      const status = response?.status ?? 0;
      const cause = new Error(`Engine ${api} answered HTTP ${status || "?"}: ${JSON.stringify(error)}`);
      return fail(status >= 400 && status < 500 ? "http_4xx" : "http_5xx", cause);
    }
    options.onCall?.(api, "ok");
    return data;
  }

  async function search(ids: readonly string[], limit = IDS_PER_SEARCH) {
    const data = await call("search_transactions", (signal) =>
      searchTransactions({
        ...requestOptions(signal),
        body: { filters: ids.length > 0 ? [{ field: "id", values: [...ids], operation: "OR" }] : [], limit, page: 1 },
      }),
    );
    return data.result.transactions.filter((row) => row.batchIndex === 0).map(toMintTransaction);
  }

  return {
    async queueReward({ to, idempotencyKey }: { to: string; idempotencyKey: string }) {
      const data = await call("write_contract", (signal) =>
        writeContract({
          ...requestOptions(signal),
          headers: vault,
          body: {
            executionOptions: {
              type: EXECUTION_TYPE,
              from: options.serverWallet,
              chainId: options.chainId,
              idempotencyKey,
            },
            params: [{ contractAddress: options.rewardsAddress, method: REWARD_METHOD, params: [to] }],
          },
        }),
      );
      const transactionId = data.result.transactions[0]?.id;
      if (!transactionId) throw new AppError("MINT_UNAVAILABLE", { cause: new Error("Engine queued no transaction") });
      return { transactionId };
    },

    /** A missing id is unknown to Engine, or not indexed yet. */
    async getTransactions(transactionIds: readonly string[]) {
      const ids = [...new Set(transactionIds)];
      const chunks = Array.from({ length: Math.ceil(ids.length / IDS_PER_SEARCH) }, (_, index) =>
        ids.slice(index * IDS_PER_SEARCH, (index + 1) * IDS_PER_SEARCH),
      );
      const found = (await Promise.all(chunks.map((chunk) => search(chunk)))).flat();
      return new Map(found.map((transaction) => [transaction.transactionId, transaction]));
    },

    async proveSigning(): Promise<SigningProof> {
      const data = await call("sign_message", (signal) =>
        signMessage({
          ...requestOptions(signal),
          headers: vault,
          body: {
            signingOptions: { type: "EOA", from: options.serverWallet, chainId: options.chainId },
            params: [{ message: PROOF_MESSAGE }],
          },
        }),
      );
      const [item] = data.result;
      if (item && "result" in item && item.result.signature) return { signed: true };
      const error = item && "error" in item ? item.error : undefined;
      return { signed: false, reason: error && "message" in error ? String(error.message) : JSON.stringify(error) };
    },

    async ping() {
      await search([], 1);
    },
  };
}

function toMintTransaction(row: SearchTransactionsResponse["result"]["transactions"][number]): MintTransaction {
  // Engine leaves status empty until a worker picks the transaction up.
  const status = row.status !== null && MINT_STATUSES.includes(row.status) ? (row.status as MintStatus) : "QUEUED";
  return {
    transactionId: row.id,
    status,
    txHash: row.transactionHash,
    errorMessage: row.errorMessage,
    cancelled: row.cancelledAt !== null,
    // What happened to the call itself, as opposed to its carrier.
    callReverted: (row.executionResult as { onchainStatus?: unknown } | null)?.onchainStatus === "REVERTED",
    notSigned:
      status === "FAILED" && !row.transactionHash && Boolean(row.errorMessage?.startsWith(SIGNING_FAILED_PREFIX)),
  };
}
