import { z } from "zod";
import { faultCount, faultSwitch } from "../stand-in.ts";
import { HEX_ADDRESS } from "./engine-http.ts";

/**
 * Failures the Engine stand-in plays, as Engine does; "relayed" ones stand for a write through a bundler (`auto`).
 * - http500: the next `count` writes answer 500 and queue nothing.
 * - timeout: the next `count` writes are queued but their answer is held until the client gives up.
 * - rateLimited / rateLimitedReads: writes / `GET /v1/transactions` answer 429.
 * - failed: FAILED before sending, as for a reverting gas estimate.
 * - revert: too little gas, reverts on chain, FAILED with its hash.
 * - revertConfirmed: the same revert, CONFIRMED with `onchainStatus: "REVERTED"`, as for any EOA write that reverts.
 * - failedThenMined: sent, then reported FAILED (with its hash) while the chain mines it.
 * - stuckSubmitted: sent and mined, reported SUBMITTED for ever.
 * - listLag: missing from `GET /v1/transactions` for its first `reads` reads (default 3).
 * - innerRevert (relayed): CONFIRMED, `onchainStatus: "REVERTED"`; a 0-value self-transfer, status 1 and no logs.
 * - failedThenLands (relayed): FAILED with no hash, as when the bundler's hash lookup errs; mined `lateLandingMs` later.
 * - nullStatus: listed with `status: null` and never sent.
 * - cancelled (relayed): cancelled while queued: FAILED, `cancelledAt` set, no hash.
 * - signingRefused: the vault refuses the next `count` signings: writes end FAILED with no hash after their 202.
 * A fault with a `wallet` (timeout and the transaction faults) hits only writes whose call names that address; each
 * wallet, and everyone, has at most one pending fault.
 */
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

/** `reads`: listLag only; `wallet`: only writes whose call names this address take the fault. */
const faultSchema = z
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
/** What the local world hands tests: set, clear, pending (for a wallet, or everyone) and fired (per mode). */
export type FaultControl = Omit<FaultSwitch, "take">;

// A wallet's key is its address without 0x, in lower case: an ABI-encoded address argument holds it as it is.
const keyOf = (wallet: string | undefined) => (wallet ? wallet.slice(2).toLowerCase() : "");

export function createFaultSwitch() {
  const faults = faultSwitch<Fault>((fault) => keyOf(fault.wallet));
  return {
    set: faults.set,
    clear: faults.clear,
    pending: (wallet?: string) => faults.pending(keyOf(wallet)),
    fired: faults.fired,
    /** The pending fault of this mode, before this take; one aimed at a wallet `call` names comes first. */
    take(mode: FaultMode, call?: string) {
      const data = call?.toLowerCase() ?? "";
      return faults.take(mode, [...faults.keys().filter((key) => key !== "" && data.includes(key)), ""]);
    },
  };
}

export function parseFault(value: unknown): Fault | null {
  return faultSchema.safeParse(value).data ?? null;
}
