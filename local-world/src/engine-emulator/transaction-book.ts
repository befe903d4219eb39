import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { prepareTransaction, sendTransaction, type ThirdwebClient } from "thirdweb";
import type { Chain } from "thirdweb/chains";
import type { Account } from "thirdweb/wallets";
import { receiptOf, type Receipt } from "../local-chain.ts";
import type { Fault, TRANSACTION_FAULTS } from "./faults.ts";
import { createKeyRetention } from "./key-retention.ts";
import { transactionSigningFailed, type Vault } from "./vault.ts";
import { errorMessage, type ExecutionParams, type InnerTransaction } from "./write-request.ts";

type TransactionStatus = "QUEUED" | "SUBMITTED" | "CONFIRMED" | "FAILED";

/** One row of `GET /v1/transactions`, in Engine Cloud's shape. */
export interface EngineTransaction {
  id: string;
  batchIndex: number;
  clientId: string;
  chainId: string;
  from: string;
  transactionParams: InnerTransaction[];
  transactionHash: string | null;
  /** null: listed but not picked up yet. */
  status: TransactionStatus | null;
  confirmedAt: string | null;
  confirmedAtBlockNumber: string | null;
  enrichedData: unknown[];
  executionParams: ExecutionParams;
  executionResult: Record<string, unknown> | null;
  createdAt: string;
  errorMessage: string | null;
  cancelledAt: string | null;
}

export type Sabotage = Fault & { mode: (typeof TRANSACTION_FAULTS)[number] };

/** Ample for a reward, with no estimate to stop a refused one. */
const LANDING_GAS = 300_000n;
const LAGGING_READS_DEFAULT = 3;
// A transfer's intrinsic cost, too little for a reward: mined, and reverts.
const REVERTING_GAS_LIMIT = 25_000n;
const GAVE_UP = "Transaction failed: gave up waiting (fault injected by the Engine emulator)";
const CANCELLED_MESSAGE = "Transaction cancelled by user";
/** Engine fails only a send whose estimate reverts or whose data is oversized; it retries the rest. */
const FAILS_FOR_GOOD = /revert|oversized|error signature/i;
/** Out of funds to Engine: it skips the wallet's sends until its balance grows. */
const OUT_OF_FUNDS = /insufficient (?:funds|balance|eth|native token)|out of gas|balance too low|not enough funds/i;

/** Engine's waits before sending again: a minute while out of funds, 10 s after another retryable error. */
export const ENGINE_SEND_RETRY_MS = { outOfFunds: 60_000, other: 10_000 };

export type TransactionBook = ReturnType<typeof createTransactionBook>;

interface QueueInput {
  clientId: string;
  executionParams: ExecutionParams;
  sender: string;
  /** `x-vault-access-token`, used when the worker signs. */
  accessToken: string;
  transaction: InnerTransaction;
  sabotage: Sabotage | null;
}

interface Job extends Omit<QueueInput, "sabotage"> {
  row: EngineTransaction;
  sabotage: Sabotage["mode"] | null;
  /** Relayed: no hash until confirmed; the user operation's hash stands in. */
  userOpHash: string | null;
}

export function createTransactionBook(options: {
  client: ThirdwebClient;
  chain: Chain;
  vault: Vault;
  retainedJobs: number;
  lateLandingMs: number;
  /** Waited before the lane, so it never adds up per wallet. */
  sendLatencyMs: number;
  sendRetryMs: typeof ENGINE_SEND_RETRY_MS;
  log: (message: string, fields?: Record<string, unknown>) => void;
}) {
  // One row per id: a key sent again once released overwrites its row.
  const rows = new Map<string, EngineTransaction>();
  const retention = createKeyRetention<EngineTransaction>(options.retainedJobs);
  // Reads left before a lagging transaction shows up in the list.
  const hiddenReads = new Map<EngineTransaction, number>();
  // One promise chain per wallet, so its nonces never collide.
  const lanes = new Map<string, Promise<void>>();
  // Off-lane work (receipts, late landings), for drain.
  const inFlight = new Set<Promise<void>>();
  const stopped = new AbortController();

  const update = ({ row }: Job, change: Partial<EngineTransaction>) => {
    Object.assign(row, change);
    const { id, transactionHash, errorMessage } = row;
    options.log(`transaction ${row.status}`, { id, transactionHash, errorMessage });
  };

  const fail = (job: Job, errorMessage: string, transactionHash = job.row.transactionHash) =>
    update(job, {
      status: "FAILED",
      transactionHash,
      errorMessage,
      executionResult: { status: "FAILED", error: errorMessage },
    });

  const confirmed = (job: Job, receipt: Receipt, onchainStatus: "SUCCESS" | "REVERTED") =>
    update(job, {
      status: "CONFIRMED",
      transactionHash: receipt.transactionHash,
      confirmedAt: new Date().toISOString(),
      confirmedAtBlockNumber: receipt.blockNumber.toString(),
      executionResult: {
        status: "CONFIRMED",
        onchainStatus,
        transactionHash: receipt.transactionHash,
        ...(job.userOpHash ? { userOpHash: job.userOpHash } : {}),
        actualGasUsed: receipt.gasUsed.toString(),
        actualGasCost: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
      },
    });

  const track = (work: Promise<unknown>) => {
    const tracked: Promise<void> = work
      .then(ignore, (error: unknown) => options.log("emulator work failed", { error: errorMessage(error) }))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  const onLane = <T>(wallet: string, work: () => Promise<T>) => {
    const key = wallet.toLowerCase();
    const result = (lanes.get(key) ?? Promise.resolve()).then(work);
    lanes.set(key, result.then(ignore, ignore));
    return result;
  };

  const sendFrom = async (account: Account, call: InnerTransaction, gas?: bigint) => {
    const { client, chain } = options;
    const transaction = prepareTransaction({
      client,
      chain,
      to: call.to,
      data: call.data,
      value: BigInt(call.value),
      gas,
      // No tip, as Arbitrum One orders by arrival. thirdweb tips anvil's suggestion (our last tip) plus 10 %
      // (`gas/fee-data.ts`): 1 gwei × 1.1ⁿ, until the wallet's 10,000 ETH ran out.
      maxPriorityFeePerGas: 0n,
    });
    return (await sendTransaction({ transaction, account })).transactionHash;
  };

  /** Lands the call after it was reported FAILED, unsimulated as a bundler lands it. */
  const landLater = (job: Job, account: Account) =>
    track(
      sleep(options.lateLandingMs, undefined, { signal: stopped.signal })
        .then(() => onLane(job.sender, () => sendFrom(account, job.transaction, LANDING_GAS)))
        .then((transactionHash) => options.log("transaction landed after FAILED", { id: job.row.id, transactionHash })),
    );

  /** The hash, or null when nothing was sent. */
  const pickUp = async (job: Job) => {
    retention.pickedUp(job.row);
    const stop = (errorMessage: string) => {
      fail(job, errorMessage);
      retention.finished(job.row, "failed");
      return null;
    };
    if (stopped.signal.aborted) return stop("Engine emulator stopped before sending");
    if (job.sabotage === "failed") return stop("Transaction failed: fault injected by the Engine emulator");
    // The vault is asked only now, long after the 202.
    const signing = options.vault.sign(job.accessToken, job.sender);
    if ("refusal" in signing) return stop(transactionSigningFailed(signing.refusal));
    const { account } = signing;
    if (job.sabotage === "failedThenLands") {
      // The bundler took it; the confirmation got no hash from it.
      retention.finished(job.row, "success");
      fail(job, "Failed to get transaction hash from bundler: fault injected by the Engine emulator");
      landLater(job, account);
      return null;
    }

    const gas = job.sabotage?.startsWith("revert") ? REVERTING_GAS_LIMIT : undefined;
    // innerRevert's bundle stand-in: it succeeds, and the call inside it never runs.
    const call = job.sabotage === "innerRevert" ? { to: job.sender, data: "0x" as const, value: "0" } : job.transaction;
    // QUEUED while Engine retries; its worker sends nothing else from the wallet meanwhile.
    let transactionHash: `0x${string}` | undefined;
    while (!transactionHash) {
      try {
        transactionHash = await sendFrom(account, call, gas);
      } catch (cause) {
        const error = errorMessage(cause);
        if (FAILS_FOR_GOOD.test(error) || stopped.signal.aborted) return stop(error);
        const retryInMs = OUT_OF_FUNDS.test(error) ? options.sendRetryMs.outOfFunds : options.sendRetryMs.other;
        options.log("send failed, retrying", { id: job.row.id, error, retryInMs });
        await sleep(retryInMs, undefined, { signal: stopped.signal }).catch(ignore);
      }
    }
    const { userOpHash } = job;
    const result = userOpHash ? { monitoringStatus: "WILL_MONITOR", userOpHash } : { transactionHash };
    update(job, {
      status: "SUBMITTED",
      ...(userOpHash ? {} : { transactionHash }),
      executionResult: { status: "SUBMITTED", ...result },
    });
    retention.finished(job.row, "success");
    return transactionHash;
  };

  const confirm = async (job: Job, transactionHash: `0x${string}`) => {
    // Engine gives up: FAILED, with the hash of what the chain mines anyway.
    if (job.sabotage === "failedThenMined") return fail(job, GAVE_UP, transactionHash);
    // SUBMITTED though mined; Engine's EOA store also drops an id holding a `:`.
    if (job.sabotage === "stuckSubmitted" || (job.row.executionParams.type === "EOA" && job.row.id.includes(":")))
      return;
    try {
      const receipt = await receiptOf(options, transactionHash);
      if (receipt.status === "success")
        return confirmed(job, receipt, job.sabotage === "innerRevert" ? "REVERTED" : "SUCCESS");
      // Engine fails a status-0 EIP-7702 receipt; EOA and ERC-4337 confirm any (faults.ts).
      const failsOnRevert =
        job.sabotage === "revert" || (job.sabotage !== "revertConfirmed" && job.row.executionParams.type === "EIP7702");
      if (failsOnRevert)
        return fail(job, `Transaction reverted on chain in block ${receipt.blockNumber}`, transactionHash);
      return confirmed(job, receipt, "REVERTED");
    } catch (error) {
      fail(job, errorMessage(error), transactionHash);
    }
  };

  return {
    holder: (idempotencyKey: string) => retention.holder(idempotencyKey),
    queue(input: QueueInput) {
      const { clientId, executionParams, sender, transaction, sabotage } = input;
      const mode = sabotage?.mode ?? null;
      const row: EngineTransaction = {
        id: executionParams.idempotencyKey,
        batchIndex: 0,
        clientId,
        chainId: String(executionParams.chainId),
        from: sender,
        transactionParams: [transaction],
        transactionHash: null,
        status: mode === "nullStatus" ? null : "QUEUED",
        confirmedAt: null,
        confirmedAtBlockNumber: null,
        enrichedData: [],
        executionParams,
        executionResult: mode === "nullStatus" ? null : { status: "QUEUED" },
        createdAt: new Date().toISOString(),
        errorMessage: null,
        cancelledAt: null,
      };
      const relayed = executionParams.type !== "EOA" || mode === "innerRevert";
      const job: Job = {
        ...input,
        row,
        sabotage: mode,
        userOpHash: relayed ? `0x${randomBytes(32).toString("hex")}` : null,
      };
      rows.set(row.id, row);
      retention.hold(row);
      if (mode === "listLag") hiddenReads.set(row, sabotage?.reads ?? LAGGING_READS_DEFAULT);
      options.log(`transaction ${row.status}`, { id: row.id, sabotage: mode });

      // Never picked up: the key stays held, as a pending job's does.
      if (mode === "nullStatus") return row;
      if (mode === "cancelled") {
        row.cancelledAt = new Date().toISOString();
        fail(job, CANCELLED_MESSAGE);
        retention.finished(row, "failed");
        return row;
      }
      // Equal waits end in the order they began, so a wallet's sends stay in order.
      track(
        (options.sendLatencyMs > 0 ? sleep(options.sendLatencyMs) : Promise.resolve())
          .then(() => onLane(sender, () => pickUp(job)))
          .then(async (transactionHash) => {
            if (transactionHash) await confirm(job, transactionHash);
          }),
      );
      return row;
    },
    list(matches: (transaction: EngineTransaction) => boolean) {
      return [...rows.values()].filter((transaction) => {
        const left = hiddenReads.get(transaction);
        if (left !== undefined && left > 1) hiddenReads.set(transaction, left - 1);
        else hiddenReads.delete(transaction);
        return left === undefined && matches(transaction);
      });
    },
    /** Waits at most `timeoutMs` for queued work, taking no more. */
    async drain(timeoutMs: number) {
      stopped.abort();
      await Promise.race([Promise.all([...lanes.values(), ...inFlight]), sleep(timeoutMs, undefined, { ref: false })]);
    },
  };
}

const ignore = () => undefined;
