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

/** Reads the token contract on chain: the final word when Engine's own record is lost. */
export interface ChainReader {
  /** Hash of a confirmed mint (Transfer from the zero address) to `to`, or null. */
  findMintTo(to: string): Promise<string | null>;
  ping(): Promise<void>;
}
