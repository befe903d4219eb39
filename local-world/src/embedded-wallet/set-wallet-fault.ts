import { EMBEDDED_WALLET_HOST } from "../network-border/border-hosts.ts";
import { borderRequest, type BorderClient } from "../network-border/border-request.ts";
import { controlStandIn } from "../network-border/stand-in-control.ts";
import type { WalletFault } from "./wallet-faults.ts";

/** One HTTPS request to the wallet stand-in behind the border, as a client of embedded-wallet.thirdweb.com makes it. */
export function walletServiceRequest(border: BorderClient, request: Parameters<typeof borderRequest>[2]) {
  return borderRequest(border, EMBEDDED_WALLET_HOST, request);
}

/** Sets a fault of the wallet stand-in (wallet-faults.ts). */
export async function setWalletFault(
  border: BorderClient,
  fault: Omit<WalletFault, "count"> & { count?: number },
): Promise<void> {
  await controlStandIn(border, EMBEDDED_WALLET_HOST, "faults", fault);
}
