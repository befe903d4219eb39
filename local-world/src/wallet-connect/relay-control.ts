import { RELAY_HOSTS } from "../network-border/border-hosts.ts";
import { borderRequest, type BorderClient } from "../network-border/border-request.ts";
import type { RelayFault } from "./relay-faults.ts";

/** Sets a fault of the WalletConnect stand-ins (relay-faults.ts). */
export async function setRelayFault(border: BorderClient, fault: RelayFault): Promise<void> {
  await control(border, "/__emulator/faults", fault);
}

/** Closes at once the relay stand-in's sockets of every client subscribed to `topic`, or every socket. */
export async function dropRelaySockets(border: BorderClient, topic?: string): Promise<void> {
  await control(border, "/__emulator/drop", { topic });
}

async function control(border: BorderClient, path: string, body: unknown): Promise<void> {
  const { status, body: answer } = await borderRequest(border, RELAY_HOSTS[0], { method: "POST", path, body });
  if (status !== 200) throw new Error(`the relay stand-in refused ${path}: HTTP ${status} ${answer}`);
}
