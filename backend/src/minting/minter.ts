import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";

export type MintStatus = "QUEUED" | "SUBMITTED" | "CONFIRMED" | "FAILED";

export interface MintTransaction {
  transactionId: string;
  status: MintStatus;
  txHash: string | null;
  errorMessage: string | null;
  /** Engine will never send it: it was cancelled before it left. */
  cancelled: boolean;
  /** Engine ran it and the call inside reverted (a relayed bundle's receipt succeeds even then). */
  callReverted: boolean;
  /** Engine could not sign it (vault access refused), so nothing was sent: the operator's to fix. */
  notSigned: boolean;
}

/** Whether Engine signs as the server wallet now: `reason` is Engine's refusal when it does not. */
export type SigningProof = { signed: true } | { signed: false; reason: string };

/** Queues rewards through a relayer (thirdweb Engine) and reads their progress. */
export interface Minter {
  /**
   * Queues `reward(to)` under `idempotencyKey`, which names this attempt only. Throws `RewardNotQueuedError` when
   * refused outright (nothing queued), `AppError("MINT_UNAVAILABLE")` when the answer was lost (maybe queued).
   */
  queueReward(input: { to: string; idempotencyKey: string }): Promise<{ transactionId: string }>;
  getTransaction(transactionId: string): Promise<MintTransaction | null>;
  /** Engine's record of many transactions, keyed by id; one missing is unknown to Engine, or not indexed yet. */
  getTransactions(transactionIds: readonly string[]): Promise<Map<string, MintTransaction>>;
  /** Has Engine sign a fixed message as the server wallet, as every reward needs; MINT_UNAVAILABLE when silent. */
  proveSigning(): Promise<SigningProof>;
  ping(): Promise<void>;
}

/** The relayer answered "no" (a 4xx, a 429): nothing was queued, so the attempt's key was never used. */
export class RewardNotQueuedError extends AppError {
  constructor(cause: unknown) {
    super("MINT_UNAVAILABLE", { cause, retryAfterSeconds: RETRY_AFTER_SECONDS });
    this.name = "RewardNotQueuedError";
  }
}

/** Which head counts as final: the sequencer's (`latest`), or the L1-backed `safe` or `finalized` tags. */
export type FinalityTag = "latest" | "safe" | "finalized";

/** What the chain says about one claim, read in one round trip whatever the chain's age. */
export interface ChainObservation {
  head: bigint;
  /** The height of the newest block counted as final (see `FinalityTag`): a reward at or below it is confirmed. */
  finalHead: bigint;
  /** The height of the `finalized` block: a reward at or below it can no longer be reorganised away. */
  finalizedHead: bigint;
  /** The block in which the rewards contract rewarded the wallet, or null: the contract's own record. */
  rewardedInBlock: bigint | null;
  /** The receipt of the transaction asked about, or null while it is unknown or pending. */
  receipt: {
    blockNumber: bigint;
    /** The receipt holds the rewards contract's `Rewarded(wallet, amount)` event: the only proof of a reward. */
    rewardsWallet: boolean;
  } | null;
}

/** Reads the rewards contract on chain: the final word on whether a wallet was rewarded, whatever Engine says. */
export interface ChainReader {
  /** One JSON-RPC batch: the heads, the contract's record of `wallet`, and `txHash`'s receipt when one is given. */
  observe(wallet: string, txHash: string | null): Promise<ChainObservation>;
  /**
   * `observe` for many claims in a few requests, in the order asked. Each claim's observation stands alone; a failed
   * head read rejects the whole.
   */
  observeMany(
    claims: readonly { wallet: string; txHash: string | null }[],
  ): Promise<PromiseSettledResult<ChainObservation>[]>;
  /** The receipt of `txHash` as the chain holds it now, never a remembered one (its block may be reorganised away). */
  receiptNow(wallet: string, txHash: string): Promise<ChainObservation["receipt"]>;
  /** For each reward, the transaction that rewarded `wallet` in `block` (null while the node lacks the log). */
  rewardTransactions(
    rewards: readonly { wallet: string; block: bigint }[],
  ): Promise<PromiseSettledResult<string | null>[]>;
  ping(): Promise<void>;
}
