import { z } from "zod";
import { faultCount, faultSwitch } from "../stand-in.ts";
import { HEX_ADDRESS } from "./engine-http.ts";

/** Failures the Engine stand-in plays; "relayed" ones stand for a write through a bundler.
 * - http500: the next `count` writes answer 500 and queue nothing.
 * - timeout: the next `count` writes are queued, their answers held until the client gives up.
 * - rateLimited / rateLimitedReads: writes / `GET /v1/transactions` answer 429.
 * - failed: FAILED before sending, as for a reverting gas estimate.
 * - revert: too little gas, reverts on chain, FAILED with its hash.
 * - revertConfirmed: that revert CONFIRMED, `onchainStatus: "REVERTED"`, as any reverting EOA write.
 * - failedThenMined: sent, then reported FAILED (with its hash) while the chain mines it.
 * - stuckSubmitted: sent and mined, reported SUBMITTED for ever.
 * - listLag: missing from the index for its first `reads` reads (default 3).
 * - innerRevert (relayed): CONFIRMED, `onchainStatus: "REVERTED"`; a 0-value self-transfer, status 1.
 * - failedThenLands (relayed): FAILED with no hash; mined `lateLandingMs` later.
 * - nullStatus: listed with `status: null` and never sent.
 * - cancelled (relayed): cancelled while queued: FAILED, `cancelledAt` set, no hash.
 * - signingRefused: the vault refuses the next `count` signings: FAILED, no hash, after the 202.
 * A fault with a `wallet` (timeout and the transaction faults) hits only writes whose call names it; one pending each. */
export const TRANSACTION_FAULTS = [
  "failed",
  "revert",
  "revertConfirmed",
  "failedThenMined",
  "stuckSubmitted",
  "listLag",
  "innerRevert",
  "failedThenLands",
  "nullStatus",
  "cancelled",
] as const;

export const FAULT_MODES = [
  "http500",
  "timeout",
  "rateLimited",
  "rateLimitedReads",
  "signingRefused",
  ...TRANSACTION_FAULTS,
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

const WALLET_FAULTS: readonly FaultMode[] = ["timeout", ...TRANSACTION_FAULTS];

/** `reads`: listLag only. */
export const faultSchema = z
  .object({
    mode: z.enum(FAULT_MODES),
    count: faultCount,
    reads: z.number().int().min(0).optional(),
    wallet: z.string().regex(HEX_ADDRESS).optional(),
  })
  .refine((fault) => fault.reads === undefined || fault.mode === "listLag")
  .refine((fault) => fault.wallet === undefined || WALLET_FAULTS.includes(fault.mode));
export type Fault = z.output<typeof faultSchema>;
export type FaultSwitch = ReturnType<typeof createFaultSwitch>;
/** For tests. */
export type FaultControl = Omit<FaultSwitch, "take">;

// Lower case without 0x, as an ABI-encoded argument holds it.
const keyOf = (wallet: string | undefined) => (wallet ? wallet.slice(2).toLowerCase() : "");

export function createFaultSwitch() {
  const faults = faultSwitch<Fault>((fault) => keyOf(fault.wallet));
  return {
    set: faults.set,
    clear: faults.clear,
    pending: (wallet?: string) => faults.pending(keyOf(wallet)),
    fired: faults.fired,
    /** One aimed at a wallet `call` names comes first. */
    take(mode: FaultMode, call?: string) {
      const data = call?.toLowerCase() ?? "";
      return faults.take(mode, [...faults.keys().filter((key) => key !== "" && data.includes(key)), ""]);
    },
  };
}
