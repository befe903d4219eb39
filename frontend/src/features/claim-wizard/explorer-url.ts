/** The block-explorer page of a transaction (spec §2: path /tx/{hash}). */
export function explorerTxUrl(explorerUrl: string, txHash: string): string {
  return `${explorerUrl.replace(/\/+$/, "")}/tx/${txHash}`;
}
