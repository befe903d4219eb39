/**
 * Failures the Engine emulator can be told to produce, so tests can drive the server's recovery paths. Each stands for
 * something Engine Cloud really does; the engine-core paths are in thirdweb-dev/engine-core, Engine Cloud's open-source
 * core. "Relayed" modes stand for a write Engine ran through a bundler (what `auto` does), whatever type was asked;
 * the stand-in still sends from the server wallet.
 * - http500: the next `count` writes answer 500 and queue nothing.
 * - timeout: the next `count` writes are queued but their answer is held until the client gives up (a lost response).
 * - rateLimited: the next `count` writes answer 429 in Engine's error envelope and queue nothing: Engine Cloud's
 *   gateway throttles per plan (engine-core has no limiter of its own; the envelope is `server/src/http/error.rs`).
 * - rateLimitedReads: the next `count` `GET /v1/transactions` answer 429 the same way.
 * - failed: the next `count` new transactions end FAILED without reaching the chain (a deterministic failure before
 *   sending, such as engine-core's EOA worker failing a call whose gas estimation reverts:
 *   `executors/src/eoa/worker/transaction.rs`).
 * - revert: the next `count` new transactions are sent with too little gas, so they revert on chain and end FAILED
 *   with their hash, as engine-core's EIP-7702 confirmation does for a receipt with status 0
 *   (`executors/src/eip7702_executor/confirm.rs`).
 * - revertConfirmed: the same revert on chain, reported CONFIRMED with the hash and `onchainStatus: "REVERTED"`, as
 *   engine-core's EOA executor does: any receipt confirms, whatever its status (`executors/src/eoa/worker/confirm.rs`,
 *   `executors/src/eoa/store/submitted.rs`). An EOA write that reverts on chain without a fault is reported this way.
 * - failedThenMined: the next `count` new transactions are sent, then reported FAILED (with their hash) while the
 *   chain mines them.
 * - stuckSubmitted: the next `count` new transactions are sent and mined, but Engine reports them SUBMITTED for ever.
 * - listLag: the next `count` new transactions are missing from `GET /v1/transactions` for their first `reads` reads
 *   (default 3): Engine Cloud's list is served by a separate indexer whose lag has no documented bound.
 * - innerRevert (relayed): ERC-4337 whose inner call reverts. engine-core confirms a user operation as soon as it has
 *   a receipt, whether or not the call succeeded (`executors/src/external_bundler/confirm.rs`), and Engine Cloud
 *   reports it CONFIRMED with `executionResult.onchainStatus: "REVERTED"` (thirdweb SDK `src/engine/get-status.ts`).
 *   The stand-in sends a 0-value transfer from the server wallet to itself in place of the bundle, without the call:
 *   its receipt has status 1 and no logs, so a receipt's status alone proves nothing.
 * - failedThenLands (relayed): reported FAILED with no transaction hash, as engine-core's EIP-7702 confirmation does
 *   when the bundler answers its hash lookup with an error, or after 24 hours (`executors/src/eip7702_executor/
 *   confirm.rs`); the bundler may still land it. The call is sent and mined `lateLandingMs` later: only the chain
 *   tells.
 * - nullStatus: the next `count` new transactions are listed with `status: null` and never picked up (never sent).
 * - cancelled (relayed): the next `count` new transactions are cancelled while queued: listed FAILED with `cancelledAt`
 *   set and no hash, never sent. engine-core cancels only a relayed job still waiting in its send queue; the job
 *   fails as "Transaction cancelled by user" (`server/src/http/routes/transaction.rs`, `twmq/src/lib.rs` cancel_job).
 * - signingRefused: the vault refuses the next `count` signings, whatever it is sent, as once the operator's access
 *   token is revoked or rotated (vault.ts): a write still answers 202 and its transaction ends FAILED with no hash
 *   when the worker comes to sign it; `POST /v1/sign/message` answers the refusal in its result. Clearing the fault is
 *   the operator fixing the token.
 *
 * A fault with a `wallet` is that wallet's alone: only a write whose contract call names the address (a reward's
 * recipient) takes it, so tests that run side by side on one emulator each fail only their own mints. Engine has no
 * such switch; it is the test's way to aim. Only the faults applied once a write is read can be aimed: timeout and
 * the transaction faults. Each wallet has at most one pending fault, and so has everyone else.
 */
/** The faults that change what happens to a new transaction, rather than to an HTTP answer. */
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

/** The faults a `wallet` can aim: those applied after the write's call is read. */
const WALLET_FAULTS: readonly FaultMode[] = ["timeout", ...TRANSACTION_FAULTS];

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

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
  /** Clears every pending fault. */
  clear(): void;
  /** The fault still to happen for `wallet` (without it, for everyone), with the remaining count. */
  pending(wallet?: string): Fault | null;
  /**
   * How many times each mode was applied to a write, a read or a new transaction since the emulator started: a test
   * that injected a fault can tell it really happened.
   */
  fired(): Partial<Record<FaultMode, number>>;
}

export interface FaultSwitch extends FaultControl {
  /**
   * The pending fault (before this one is taken off its count) when it has this mode, else null. `call` is the
   * write's encoded contract call: a fault of this mode aimed at a wallet it names comes before the one for everyone.
   */
  take(mode: FaultMode, call?: string): Fault | null;
}

/** The key of the fault for everyone; a wallet's key is its address in lower case, without 0x. */
const EVERYONE = "";

export function createFaultSwitch(): FaultSwitch {
  const pending = new Map<string, Fault>();
  const fired: Partial<Record<FaultMode, number>> = {};
  const keyOf = (wallet: string | undefined) => (wallet ? wallet.slice(2).toLowerCase() : EVERYONE);
  // An ABI-encoded address argument is its 40 hex digits, left-padded to a word: they appear in the call as they are.
  const faultFor = (mode: FaultMode, call: string | undefined): [string, Fault] | undefined => {
    const data = call?.toLowerCase() ?? "";
    const matching = [...pending].filter(([key, fault]) => fault.mode === mode && data.includes(key));
    return matching.find(([key]) => key !== EVERYONE) ?? matching[0];
  };
  return {
    set(fault) {
      const key = keyOf(fault.wallet);
      if (fault.count > 0) pending.set(key, { ...fault });
      else pending.delete(key);
    },
    clear() {
      pending.clear();
    },
    pending(wallet) {
      const fault = pending.get(keyOf(wallet));
      return fault ? { ...fault } : null;
    },
    fired() {
      return { ...fired };
    },
    take(mode, call) {
      const [key, current] = faultFor(mode, call) ?? [];
      if (key === undefined || !current) return null;
      const taken = { ...current };
      fired[mode] = (fired[mode] ?? 0) + 1;
      current.count -= 1;
      if (current.count <= 0) pending.delete(key);
      return taken;
    },
  };
}

export function parseFault(value: unknown): Fault | null {
  if (typeof value !== "object" || value === null) return null;
  const { mode, count, reads, wallet } = value as Record<string, unknown>;
  if (!FAULT_MODES.includes(mode as FaultMode)) return null;
  const times = count === undefined ? 1 : count;
  if (!isCount(times)) return null;
  if (reads !== undefined && (mode !== "listLag" || !isCount(reads))) return null;
  if (wallet !== undefined && (!WALLET_FAULTS.includes(mode as FaultMode) || !isAddress(wallet))) return null;
  return {
    mode: mode as FaultMode,
    count: times,
    ...(reads === undefined ? {} : { reads }),
    ...(wallet === undefined ? {} : { wallet }),
  };
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

function isAddress(value: unknown): value is string {
  return typeof value === "string" && HEX_ADDRESS.test(value);
}
