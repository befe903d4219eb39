/**
 * Failures the embedded-wallet stand-in can be told to produce, each as thirdweb's service (or the browser's view of
 * it) really shows it. Aimed at one Google account (by e-mail), so tests that sign in side by side each fail only
 * their own; thirdweb has no such switch, it is the test's way to aim.
 * - stateMissing / stateForeign: the return to the page carries no `state`, or one this browser never stored. The
 *   SDK then drops the `authResult` (thirdweb `src/wallets/connection/autoConnectCore.ts`, consumeRedirectState).
 * - expiredToken: the session the return handed over has expired: `GET /api/2024-05-05/accounts` answers 401
 *   (`src/wallets/in-app/core/actions/get-enclave-user-status.ts` throws "Failed to get user info").
 * - generateFails: `POST /api/v1/enclave-wallet/generate` answers 500 (`generate-wallet.enclave.ts` throws).
 * - slow: `GET /api/2024-05-05/accounts` answers only after `ms` (default 60 s), past AutoConnect's time-out
 *   (the page's 30 s connect time-out; the SDK's own is 15 s, `autoConnectCore.ts`).
 */
const WALLET_FAULT_MODES = ["stateMissing", "stateForeign", "expiredToken", "generateFails", "slow"] as const;
export type WalletFaultMode = (typeof WALLET_FAULT_MODES)[number];

export interface WalletFault {
  mode: WalletFaultMode;
  /** The Google account's e-mail the fault is aimed at. */
  account: string;
  count: number;
  /** slow only: how long the answer is held. */
  ms?: number;
}

const DEFAULT_SLOW_MS = 60_000;

export interface WalletFaultSwitch {
  set(fault: WalletFault): void;
  /** The fault of `mode` pending for `account`, counted down; null when none. */
  take(mode: WalletFaultMode, account: string): WalletFault | null;
  pending(account: string): WalletFault[];
}

export function createWalletFaultSwitch(): WalletFaultSwitch {
  const faults = new Map<string, WalletFault>();
  const key = (mode: WalletFaultMode, account: string) => `${mode} ${account.toLowerCase()}`;
  return {
    set(fault) {
      if (fault.count > 0) faults.set(key(fault.mode, fault.account), { ...fault });
      else faults.delete(key(fault.mode, fault.account));
    },
    take(mode, account) {
      const fault = faults.get(key(mode, account));
      if (!fault) return null;
      fault.count -= 1;
      if (fault.count <= 0) faults.delete(key(mode, account));
      return { ...fault, ms: fault.ms ?? (mode === "slow" ? DEFAULT_SLOW_MS : undefined) };
    },
    pending(account) {
      return [...faults.values()].filter((fault) => fault.account.toLowerCase() === account.toLowerCase());
    },
  };
}

/** A fault from a control request's body, or a sentence saying what is wrong with it. */
export function parseWalletFault(body: unknown): WalletFault | string {
  const { mode, account, count = 1, ms } = (body ?? {}) as Record<string, unknown>;
  if (!WALLET_FAULT_MODES.includes(mode as WalletFaultMode))
    return `mode must be one of ${WALLET_FAULT_MODES.join(", ")}`;
  if (typeof account !== "string" || !account.includes("@")) return "account must be a Google account's e-mail";
  if (!Number.isInteger(count) || (count as number) < 0) return "count must be a whole number";
  if (ms !== undefined && !(Number.isInteger(ms) && (ms as number) > 0)) return "ms must be a positive whole number";
  return {
    mode: mode as WalletFaultMode,
    account,
    count: count as number,
    ...(ms === undefined ? {} : { ms: ms as number }),
  };
}
