import type { IncomingMessage } from "node:http";

/**
 * Failures the WalletConnect stand-ins can be told to produce, each as the page or a wallet meets the real service
 * failing:
 * - refuse: the next `count` connections to the relay fail before the WebSocket opens, as an unreachable relay does.
 * - verifyUnreachable: the next `count` requests to Verify fail the same way. A dapp then sends its proposal without
 *   an attestation after waiting 5 s (`@walletconnect/core` `src/controllers/verify.ts`, `register`); a wallet's
 *   `/v3/public-key` fetch never settles the promise its proposal waits on (`fetchAndPersistPublicKey`).
 * The relay is one for every client, as the real one is; a fault given a `scope` hits only the requests that carry
 * that scope in the `FAULT_SCOPE_COOKIE` cookie, so one test's browser (its context holds the cookie for the stand-ins'
 * hosts) meets it while the tests beside it do not. A fault without a scope hits any request.
 * Dropping sockets at once is an action, not a pending fault (`POST /__emulator/drop` on the relay, aimed at the
 * clients of one topic or at all).
 */
const RELAY_FAULT_MODES = ["refuse", "verifyUnreachable"] as const;
export type RelayFaultMode = (typeof RELAY_FAULT_MODES)[number];

export interface RelayFault {
  mode: RelayFaultMode;
  count: number;
  scope?: string;
}

/** The cookie a request names its fault scope in; a name no real service sets. */
export const FAULT_SCOPE_COOKIE = "emulator-fault-scope";

export interface RelayFaultSwitch {
  set(fault: RelayFault): void;
  /** Whether a fault of `mode` is pending for `req` (its scope's, else an unscoped one), counted down. */
  take(mode: RelayFaultMode, req: IncomingMessage): boolean;
}

export function createRelayFaultSwitch(): RelayFaultSwitch {
  const pending = new Map<string, number>();
  const key = (mode: RelayFaultMode, scope = "") => `${mode} ${scope}`;
  const takeKey = (at: string) => {
    const count = pending.get(at) ?? 0;
    if (count <= 0) return false;
    if (count === 1) pending.delete(at);
    else pending.set(at, count - 1);
    return true;
  };
  return {
    set(fault) {
      if (fault.count > 0) pending.set(key(fault.mode, fault.scope), fault.count);
      else pending.delete(key(fault.mode, fault.scope));
    },
    take(mode, req) {
      const scope = faultScopeOf(req);
      return (scope !== undefined && takeKey(key(mode, scope))) || takeKey(key(mode));
    },
  };
}

function faultScopeOf(req: IncomingMessage): string | undefined {
  for (const pair of (req.headers.cookie ?? "").split(";")) {
    const [name, value] = pair.trim().split("=");
    if (name === FAULT_SCOPE_COOKIE && value) return decodeURIComponent(value);
  }
  return undefined;
}

/** A fault from a control request's body, or a sentence saying what is wrong with it. */
export function parseRelayFault(body: unknown): RelayFault | string {
  const { mode, count = 1, scope } = (body ?? {}) as Record<string, unknown>;
  if (!RELAY_FAULT_MODES.includes(mode as RelayFaultMode)) return `mode must be one of ${RELAY_FAULT_MODES.join(", ")}`;
  if (!Number.isInteger(count) || (count as number) < 0) return "count must be a whole number";
  if (scope !== undefined && (typeof scope !== "string" || scope === "")) return "scope must be a non-empty string";
  return { mode: mode as RelayFaultMode, count: count as number, ...(scope === undefined ? {} : { scope }) };
}
