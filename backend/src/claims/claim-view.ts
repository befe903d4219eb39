import type { ClaimView } from "@tube/common/api";
import type { ClaimRecord } from "../store/claim-store.ts";

export function toClaimView(claim: ClaimRecord, explorerUrl: string): ClaimView {
  return {
    claimId: claim.id,
    walletAddress: claim.walletAddress,
    status: claim.status,
    txHash: claim.txHash,
    explorerUrl: claim.txHash ? `${explorerUrl}/tx/${claim.txHash}` : null,
  };
}
