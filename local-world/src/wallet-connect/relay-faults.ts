import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { faultCount, faultSwitch } from "../stand-in.ts";

/** Failures the WalletConnect stand-ins play:
 * - refuse: the next `count` connections to the relay fail before the WebSocket opens, as an unreachable relay's do.
 * - verifyUnreachable: the next `count` requests to Verify fail so: a dapp proposes without an attestation after 5 s;
 *   a wallet's `/v3/public-key` fetch never settles.
 * A fault with a `scope` hits only requests carrying it in the `FAULT_SCOPE_COOKIE` cookie (one test's browser); one
 * without hits any. Dropping sockets is an action: `POST /__emulator/drop` on the relay. */
export const relayFaultSchema = z.object({
  mode: z.enum(["refuse", "verifyUnreachable"]),
  count: faultCount,
  scope: z.string().min(1).optional(),
});
export type RelayFault = z.input<typeof relayFaultSchema>;
type RelayFaultMode = RelayFault["mode"];

/** A name no real service sets. */
export const FAULT_SCOPE_COOKIE = "emulator-fault-scope";

const keyOf = (mode: RelayFaultMode, scope = "") => `${mode} ${scope}`;

export function createRelayFaultSwitch() {
  const faults = faultSwitch<z.output<typeof relayFaultSchema>>((fault) => keyOf(fault.mode, fault.scope));
  return {
    set: faults.set,
    /** `req`'s scope first, else unscoped. */
    take(mode: RelayFaultMode, req: IncomingMessage) {
      const scope = new RegExp(`(?:^|;)\\s*${FAULT_SCOPE_COOKIE}=([^;]+)`).exec(req.headers.cookie ?? "")?.[1];
      return faults.take(mode, [...(scope ? [keyOf(mode, decodeURIComponent(scope))] : []), keyOf(mode)]) !== null;
    },
  };
}
export type RelayFaultSwitch = ReturnType<typeof createRelayFaultSwitch>;
