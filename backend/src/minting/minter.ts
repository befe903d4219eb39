import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";

export type MintStatus = "QUEUED" | "SUBMITTED" | "CONFIRMED" | "FAILED";

export interface MintTransaction {
  transactionId: string;
  status: MintStatus;
  txHash: string | null;
  errorMessage: string | null;
  /** Engine will never send it: it was cancelled before it left. */
  cancelled: boolean;
  /**
   * Engine ran it and the call inside reverted. Under relayed execution (ERC-4337) the bundle's receipt succeeds
   * while the reward inside it reverted, and Engine still says CONFIRMED.
   */
  callReverted: boolean;
  /**
   * Engine could not sign it (its access to the server wallet's key was refused: a wrong vault access token, a wallet
   * the vault does not hold), so nothing was sent. The operator's to fix; no retry succeeds before that.
   */
  notSigned: boolean;
}

/** Whether Engine signs as the server wallet now: `reason` is Engine's refusal when it does not. */
export type SigningProof = { signed: true } | { signed: false; reason: string };

/** Queues rewards through a relayer (thirdweb Engine) and reads their progress. */
export interface Minter {
  /**
   * Queues `reward(to)` on the rewards contract under `idempotencyKey`, which names this attempt only.
   * Throws `RewardNotQueuedError` when the relayer refused the request outright (nothing was queued), and
   * `AppError("MINT_UNAVAILABLE")` when the answer was lost (the write may or may not have been queued).
   */
  queueReward(input: { to: string; idempotencyKey: string }): Promise<{ transactionId: string }>;
  getTransaction(transactionId: string): Promise<MintTransaction | null>;
  /**
   * Engine's record of many transactions in a few requests, keyed by id. A transaction missing from the answer is
   * not found: unknown to Engine, or not indexed yet.
   */
  getTransactions(transactionIds: readonly string[]): Promise<Map<string, MintTransaction>>;
  /**
   * Has Engine sign a fixed message as the server wallet, with the vault access token: what every reward needs, and
   * answered at once. Throws `AppError("MINT_UNAVAILABLE")` when Engine does not answer.
   */
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
  /** The chain's height now. */
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
   * `observe` for many claims in a few requests, answered in the order asked: one head read for them all. Each claim's
   * observation stands alone (a read the provider refused fails only the claims it was about); a failed head read
   * rejects the whole.
   */
  observeMany(
    claims: readonly { wallet: string; txHash: string | null }[],
  ): Promise<PromiseSettledResult<ChainObservation>[]>;
  /**
   * The receipt of `txHash` as the chain holds it now, never a remembered one: a receipt remembered from a block since
   * reorganised away is gone. Null while the transaction is unknown or pending.
   */
  receiptNow(wallet: string, txHash: string): Promise<ChainObservation["receipt"]>;
  /**
   * For each reward, the hash of the transaction that rewarded `wallet` in `block` (null while the node lacks the
   * log): a one-block log query each, within any provider's range cap, sent together in as few batches as allowed.
   * Each answer stands alone.
   */
  rewardTransactions(
    rewards: readonly { wallet: string; block: bigint }[],
  ): Promise<PromiseSettledResult<string | null>[]>;
  ping(): Promise<void>;
}
