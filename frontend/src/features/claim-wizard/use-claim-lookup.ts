/** Asking the server what became of a wallet's claim, always afresh: every step that decides on it asks again. */
import type { CheckClaimResponse } from "@tube/common/api";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { notify } from "../../components/ui/toaster.tsx";
import { checkClaim } from "./api/claim-api.ts";
import { eligibilityCheckFailedToast } from "./claim-messages.ts";

export interface ClaimLookup {
  /** The wallet's claim as the server has it now; rejects when the server cannot say. */
  fetch(walletAddress: string): Promise<CheckClaimResponse>;
  /** The same, but a failure is told ('Eligibility Check Failed') and the wallet then counts as not claimed. */
  lookUp(walletAddress: string): Promise<CheckClaimResponse | null>;
}

export function useClaimLookup(): ClaimLookup {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const fetch = (walletAddress: string) =>
      queryClient.fetchQuery({
        queryKey: ["check-claim", walletAddress],
        queryFn: () => checkClaim(walletAddress),
        staleTime: 0,
        retry: false,
      });
    const lookUp = async (walletAddress: string) => {
      try {
        return await fetch(walletAddress);
      } catch (cause) {
        notify(eligibilityCheckFailedToast(cause));
        return null;
      }
    };
    return { fetch, lookUp };
  }, [queryClient]);
}
