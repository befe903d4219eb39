import type { RequestListener } from "node:http";
import { RELAY_HOSTS, VERIFY_HOST } from "../network-border/border-hosts.ts";
import type { UpgradeListener } from "../network-border/border-server.ts";
import { createRelayFaultSwitch } from "./relay-faults.ts";
import { walletConnectRelay } from "./relay-emulator.ts";
import { verifyEmulator } from "./verify-emulator.ts";

/** WalletConnect's relay and Verify stand-ins for the border, sharing one fault switch; `now` is the relay's clock. */
export function walletConnectStandIns(now?: () => number): {
  sites: Record<string, RequestListener>;
  upgrades: Record<string, UpgradeListener>;
  stop(): Promise<void>;
} {
  const faults = createRelayFaultSwitch();
  const relay = walletConnectRelay(faults, now);
  return {
    sites: {
      ...Object.fromEntries(RELAY_HOSTS.map((host) => [host, relay.app])),
      [VERIFY_HOST]: verifyEmulator(faults),
    },
    upgrades: Object.fromEntries(RELAY_HOSTS.map((host) => [host, relay.upgrade])),
    stop: () => relay.stop(),
  };
}
