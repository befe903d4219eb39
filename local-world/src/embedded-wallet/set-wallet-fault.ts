import https from "node:https";
import { EMBEDDED_WALLET_HOST } from "../network-border/border-hosts.ts";
import type { WalletFault } from "./wallet-faults.ts";

/**
 * Sets a fault on the wallet stand-in behind the network border at `port`, over TLS checked against the border's own
 * certificate (the one trusted certificate authority here), as a client of embedded-wallet.thirdweb.com would.
 */
export function setWalletFault(
  border: { port: number; certificatePem: string },
  fault: Omit<WalletFault, "count"> & { count?: number },
): Promise<void> {
  const body = JSON.stringify(fault);
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: "127.0.0.1",
        port: border.port,
        servername: EMBEDDED_WALLET_HOST,
        ca: border.certificatePem,
        method: "POST",
        path: "/__emulator/faults",
        headers: { host: EMBEDDED_WALLET_HOST, "content-type": "application/json" },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`fault refused: HTTP ${response.statusCode}`)),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
