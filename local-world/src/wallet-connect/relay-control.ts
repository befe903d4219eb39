import { RELAY_HOSTS } from "../network-border/border-hosts.ts";
import type { BorderClient } from "../network-border/border-request.ts";
import { controlStandIn } from "../network-border/stand-in-control.ts";
import type { RelayFault } from "./relay-faults.ts";

/** Sets a fault of the WalletConnect stand-ins (relay-faults.ts). */
export async function setRelayFault(border: BorderClient, fault: RelayFault): Promise<void> {
  await controlStandIn(border, RELAY_HOSTS[0], "faults", fault);
}

/** Closes at once the relay stand-in's sockets of every client subscribed to `topic`, or every socket. */
export async function dropRelaySockets(border: BorderClient, topic?: string): Promise<void> {
  await controlStandIn(border, RELAY_HOSTS[0], "drop", { topic });
}
