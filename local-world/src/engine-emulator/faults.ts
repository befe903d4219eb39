import { faultSwitch, isCount } from "../stand-in.ts";

/**
 * Failures the Engine stand-in plays, each as Engine Cloud really does (paths in thirdweb-dev/engine-core, its open
 * core). "Relayed" modes stand for a write run through a bundler (what `auto` does); the stand-in still sends from the
 * server wallet.
 * - http500: the next `count` writes answer 500 and queue nothing.
 * - timeout: the next `count` writes are queued but their answer is held until the client gives up.
 * - rateLimited / rateLimitedReads: the next `count` writes / `GET /v1/transactions` answer 429 in Engine's envelope
 *   (Engine Cloud's gateway throttles per plan; the envelope is `server/src/http/error.rs`).
 * - failed: ends FAILED before sending, as the EOA worker fails a call whose gas estimate reverts
 *   (`executors/src/eoa/worker/transaction.rs`).
 * - revert: sent with too little gas, reverts on chain, FAILED with its hash, as the EIP-7702 confirmation does for a
 *   status-0 receipt (`executors/src/eip7702_executor/confirm.rs`).
 * - revertConfirmed: the same revert, CONFIRMED with `onchainStatus: "REVERTED"`: the EOA executor confirms any receipt
 *   (`executors/src/eoa/worker/confirm.rs`); an EOA write that reverts without a fault is reported so too.
 * - failedThenMined: sent, then reported FAILED (with its hash) while the chain mines it.
 * - stuckSubmitted: sent and mined, reported SUBMITTED for ever.
 * - listLag: missing from `GET /v1/transactions` for its first `reads` reads (default 3): the list is served by a
 *   separate indexer whose lag has no documented bound.
 * - innerRevert (relayed): an ERC-4337 whose inner call reverts is CONFIRMED with `executionResult.onchainStatus:
 *   "REVERTED"` (`executors/src/external_bundler/confirm.rs`, thirdweb `src/engine/get-status.ts`); the stand-in sends
 *   a 0-value self-transfer instead: status 1, no logs, so a receipt's status alone proves nothing.
 * - failedThenLands (relayed): FAILED with no hash, as the EIP-7702 confirmation does when the bundler's hash lookup
 *   errs or after 24 h (`executors/src/eip7702_executor/confirm.rs`); the call is mined `lateLandingMs` later.
 * - nullStatus: listed with `status: null` and never sent.
 * - cancelled (relayed): cancelled while queued: FAILED, `cancelledAt` set, no hash, "Transaction cancelled by user"
 *   (`server/src/http/routes/transaction.rs`, `twmq/src/lib.rs` cancel_job).
 * - signingRefused: the vault refuses the next `count` signings, as once the access token is revoked (vault.ts): the
 *   write still answers 202 and ends FAILED with no hash; `POST /v1/sign/message` answers the refusal in its result.
 * A fault with a `wallet` hits only writes whose call names that address (a reward's recipient), so tests side by
 * side each fail only their own mints; only timeout and the transaction faults can be aimed. Each wallet has at most
 * one pending fault, and so has everyone else.
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

export interface Fault {
  mode: FaultMode;
  count: number;
  /** listLag only: how many list reads each lagging transaction stays missing from. */
  reads?: number;
  /** Only writes whose call names this address take the fault; without it, any write does. */
  wallet?: string;
}

export interface FaultControl {
  /** Replaces any pending fault for the same wallet (or, without one, the pending fault for everyone). */
  set(fault: Fault): void;
  clear(): void;
  /** The fault still to happen for `wallet` (without it, for everyone), with the remaining count. */
  pending(wallet?: string): Fault | null;
  /** How many times each mode was applied since the stand-in started. */
  fired(): Partial<Record<FaultMode, number>>;
}

export interface FaultSwitch extends FaultControl {
  /** The pending fault of this mode, before this take; one aimed at a wallet `call` names comes first. */
  take(mode: FaultMode, call?: string): Fault | null;
}

// A wallet's key is its address without 0x, in lower case: an ABI-encoded address argument holds it as it is.
const keyOf = (wallet: string | undefined) => (wallet ? wallet.slice(2).toLowerCase() : "");

export function createFaultSwitch(): FaultSwitch {
  const faults = faultSwitch<Fault>((fault) => keyOf(fault.wallet));
  return {
    set: faults.set,
    clear: faults.clear,
    pending: (wallet) => faults.pending(keyOf(wallet)),
    fired: faults.fired,
    take(mode, call) {
      const data = call?.toLowerCase() ?? "";
      return faults.take(mode, [...faults.keys().filter((key) => key !== "" && data.includes(key)), ""]);
    },
  };
}

export function parseFault(value: unknown): Fault | null {
  if (typeof value !== "object" || value === null) return null;
  const { mode, count = 1, reads, wallet } = value as Record<string, unknown>;
  if (!FAULT_MODES.includes(mode as FaultMode) || !isCount(count)) return null;
  if (reads !== undefined && (mode !== "listLag" || !isCount(reads))) return null;
  if (wallet !== undefined && (!WALLET_FAULTS.includes(mode as FaultMode) || !isAddress(wallet))) return null;
  return {
    mode: mode as FaultMode,
    count,
    ...(reads === undefined ? {} : { reads }),
    ...(wallet === undefined ? {} : { wallet }),
  };
}

function isAddress(value: unknown): value is string {
  return typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value);
}
