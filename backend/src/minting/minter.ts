export type MintStatus = "QUEUED" | "SUBMITTED" | "CONFIRMED" | "FAILED";

export interface MintTransaction {
  transactionId: string;
  status: MintStatus;
  txHash: string | null;
  errorMessage: string | null;
}

/** Queues mints through a relayer (thirdweb Engine) and reads their progress. */
export interface Minter {
  /** Queues `mintTo(to, amountWei)`; `idempotencyKey` makes a repeated call return the same transaction. */
  queueMint(input: { to: string; amountWei: bigint; idempotencyKey: string }): Promise<{ transactionId: string }>;
  getTransaction(transactionId: string): Promise<MintTransaction | null>;
  ping(): Promise<void>;
}

/** A mined transaction's outcome. */
export interface MintReceipt {
  succeeded: boolean;
  blockNumber: bigint;
}

/** Reads the token contract on chain: the final word on whether a mint happened, whatever Engine says. */
export interface ChainReader {
  /** The chain's height now. */
  blockNumber(): Promise<bigint>;
  /** The first mint (Transfer from the zero address) to `to` at or after `fromBlock`, or null. */
  findMintTo(to: string, fromBlock: bigint): Promise<{ txHash: string; blockNumber: bigint } | null>;
  /** The receipt of a mined transaction, or null while it is unknown or pending. */
  receiptOf(txHash: string): Promise<MintReceipt | null>;
  ping(): Promise<void>;
}
