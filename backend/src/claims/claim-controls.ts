import { AppError } from "../errors.ts";
import type { ClaimStore } from "../store/claim-store.ts";

/** A guess, long enough not to hammer us. */
export const PAUSED_RETRY_AFTER_SECONDS = 300;

export interface ClaimControls {
  paused(): Promise<boolean>;
  /** Checked before anything else a new claim costs. */
  assertOpen(): Promise<void>;
  assertNotDenied(who: { walletAddress: string | null; googleSub: string }): Promise<void>;
}

/** Read from the store at each request; `assertReady` refuses claims until the server can pay them. */
export function createClaimControls(store: ClaimStore, assertReady = () => {}): ClaimControls {
  const paused = async () => (await store.operator.controls()).paused;
  return {
    paused,
    async assertOpen() {
      assertReady();
      if (await paused()) throw new AppError("CLAIMS_PAUSED", { retryAfterSeconds: PAUSED_RETRY_AFTER_SECONDS });
    },
    async assertNotDenied({ walletAddress, googleSub }) {
      const denied = await store.operator.isDenied(walletAddress, googleSub);
      if (denied === "wallet") throw new AppError("WALLET_DENIED");
      if (denied === "googleAccount") throw new AppError("GOOGLE_ACCOUNT_DENIED");
    },
  };
}
