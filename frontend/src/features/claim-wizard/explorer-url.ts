/** The block-explorer page of a transaction (its path is /tx/{hash}). */
export function explorerTxUrl(explorerUrl: string, txHash: string): string {
  return `${explorerUrl.replace(/\/+$/, "")}/tx/${txHash}`;
}
