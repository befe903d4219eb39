import { AppError } from "../errors.ts";
import type { ClaimStore } from "../store/claim-store.ts";

/** A guess, long enough not to hammer us. */
export const PAUSED_RETRY_AFTER_SECONDS = 300;

/** Read from the store at each request; `assertReady` holds claims until the server can pay. */
export function createClaimControls(store: ClaimStore, assertReady = () => {}) {
  const paused = async () => (await store.operator.controls()).paused;
  return {
    paused,
    /** Checked before anything else a new claim costs. */
    async assertOpen() {
      assertReady();
      if (await paused()) throw new AppError("CLAIMS_PAUSED", { retryAfterSeconds: PAUSED_RETRY_AFTER_SECONDS });
    },
    async assertNotDenied({ walletAddress, googleSub }: { walletAddress: string | null; googleSub: string }) {
      const denied = await store.operator.isDenied(walletAddress, googleSub);
      if (denied === "wallet") throw new AppError("WALLET_DENIED");
      if (denied === "googleAccount") throw new AppError("GOOGLE_ACCOUNT_DENIED");
    },
  };
}

export type ClaimControls = ReturnType<typeof createClaimControls>;
