/**
 * Failures the WalletConnect stand-ins can be told to produce, each as the page or a wallet meets the real service
 * failing. None of them is aimed: the relay is one for every client, as the real one is, so a test that sets one
 * shares it with any WalletConnect test running beside it (a dropped socket is one every client recovers from).
 * - refuse: the next `count` connections to the relay fail before the WebSocket opens, as an unreachable relay does.
 * - verifyUnreachable: the next `count` requests to Verify fail the same way. A dapp then sends its proposal without
 *   an attestation after waiting 5 s (`@walletconnect/core` `src/controllers/verify.ts`, `register`); a wallet's
 *   `/v3/public-key` fetch never settles the promise its proposal waits on (`fetchAndPersistPublicKey`).
 * Dropping sockets at once is an action, not a pending fault (`POST /__emulator/drop` on the relay, aimed at the
 * clients of one topic or at all).
 */
const RELAY_FAULT_MODES = ["refuse", "verifyUnreachable"] as const;
export type RelayFaultMode = (typeof RELAY_FAULT_MODES)[number];

export interface RelayFault {
  mode: RelayFaultMode;
  count: number;
}

export interface RelayFaultSwitch {
  set(fault: RelayFault): void;
  /** Whether a fault of `mode` is pending, counted down. */
  take(mode: RelayFaultMode): boolean;
}

export function createRelayFaultSwitch(): RelayFaultSwitch {
  const pending = new Map<RelayFaultMode, number>();
  return {
    set(fault) {
      if (fault.count > 0) pending.set(fault.mode, fault.count);
      else pending.delete(fault.mode);
    },
    take(mode) {
      const count = pending.get(mode) ?? 0;
      if (count <= 0) return false;
      if (count === 1) pending.delete(mode);
      else pending.set(mode, count - 1);
      return true;
    },
  };
}

/** A fault from a control request's body, or a sentence saying what is wrong with it. */
export function parseRelayFault(body: unknown): RelayFault | string {
  const { mode, count = 1 } = (body ?? {}) as Record<string, unknown>;
  if (!RELAY_FAULT_MODES.includes(mode as RelayFaultMode)) return `mode must be one of ${RELAY_FAULT_MODES.join(", ")}`;
  if (!Number.isInteger(count) || (count as number) < 0) return "count must be a whole number";
  return { mode: mode as RelayFaultMode, count: count as number };
}
