import https from "node:https";
import { EMBEDDED_WALLET_HOST } from "../network-border/border-hosts.ts";
import type { WalletFault } from "./wallet-faults.ts";

/** The network border at `port` and the certificate it serves. */
export interface BorderClient {
  port: number;
  certificatePem: string;
}

/**
 * One HTTPS request to the wallet stand-in behind the border, as a client of embedded-wallet.thirdweb.com makes it:
 * TLS checked against the border's own certificate (the one authority trusted here) and its host name. Redirects
 * are not followed.
 */
export function walletServiceRequest(
  border: BorderClient,
  request: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      {
        host: "127.0.0.1",
        port: border.port,
        servername: EMBEDDED_WALLET_HOST,
        ca: border.certificatePem,
        method: request.method ?? "GET",
        path: request.path,
        headers: {
          host: EMBEDDED_WALLET_HOST,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...request.headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Sets a fault of the wallet stand-in (wallet-faults.ts). */
export async function setWalletFault(
  border: BorderClient,
  fault: Omit<WalletFault, "count"> & { count?: number },
): Promise<void> {
  const { status, body } = await walletServiceRequest(border, {
    method: "POST",
    path: "/__emulator/faults",
    body: fault,
  });
  if (status !== 200) throw new Error(`the wallet stand-in refused the fault: HTTP ${status} ${body}`);
}
