import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";
import type { createChainReader } from "./chain-reader.ts";
import type { createEngineMinter } from "./engine-minter.ts";

export type MintStatus = "QUEUED" | "SUBMITTED" | "CONFIRMED" | "FAILED";

export interface MintTransaction {
  transactionId: string;
  status: MintStatus;
  txHash: string | null;
  errorMessage: string | null;
  cancelled: boolean;
  /** The call inside reverted (a relayed bundle's receipt succeeds even then). */
  callReverted: boolean;
  /** Nothing was sent: the operator's to fix. */
  notSigned: boolean;
}

export type SigningProof = { signed: true } | { signed: false; reason: string };

export type Minter = ReturnType<typeof createEngineMinter>;

/** A 4xx: nothing was queued, so the attempt's key was never used. */
export class RewardNotQueuedError extends AppError {
  constructor(cause: unknown) {
    super("MINT_UNAVAILABLE", { cause, retryAfterSeconds: RETRY_AFTER_SECONDS });
    this.name = "RewardNotQueuedError";
  }
}

/** The head that counts as final: the sequencer's (`latest`), or the L1-backed `safe` or `finalized`. */
export type FinalityTag = "latest" | "safe" | "finalized";

export interface ChainObservation {
  head: bigint;
  /** A reward at or below it is confirmed. */
  finalHead: bigint;
  /** A reward at or below it can no longer be reorganised away. */
  finalizedHead: bigint;
  /** The contract's own record of the wallet's reward. */
  rewardedInBlock: bigint | null;
  receipt: {
    blockNumber: bigint;
    /** It holds the rewards contract's `Rewarded(wallet, amount)`: the only proof of a reward. */
    rewardsWallet: boolean;
  } | null;
}

/** The final word on whether a wallet was rewarded, whatever Engine says. */
export type ChainReader = ReturnType<typeof createChainReader>;
