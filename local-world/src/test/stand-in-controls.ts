/** The tests' clients for the stand-ins behind the network border: requests, and their control routes. */
import { Client, type Dispatcher } from "undici";
import type { z } from "zod";
import type { walletFaultSchema } from "../embedded-wallet/wallet-faults.ts";
import { EMBEDDED_WALLET_HOST, RELAY_HOSTS } from "../network-border/border-hosts.ts";
import type { BorderClient } from "../network-border/border-request.ts";
import { CONTROL_PATH } from "../stand-in.ts";
import type { RelayFault } from "../wallet-connect/relay-faults.ts";

/** One HTTPS request to `host`'s stand-in, TLS checked against the border's certificate for that name; no redirects. */
export async function borderRequest(
  border: BorderClient,
  host: string,
  request: { method?: Dispatcher.HttpMethod; path: string; headers?: Record<string, string>; body?: unknown },
) {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const client = new Client(`https://127.0.0.1:${border.port}`, {
    connect: { ca: border.certificatePem, servername: host },
  });
  try {
    const response = await client.request({
      method: request.method ?? "GET",
      path: request.path,
      headers: { host, ...(body === undefined ? {} : { "content-type": "application/json" }), ...request.headers },
      body,
    });
    return { status: response.statusCode, headers: response.headers, body: await response.body.text() };
  } finally {
    await client.close();
  }
}

/** Posts `body` to the control `action` of the stand-in for `host`; throws what the stand-in refused. */
async function controlStandIn(border: BorderClient, host: string, action: string, body: unknown): Promise<void> {
  const path = `${CONTROL_PATH}/${action}`;
  const { status, body: answer } = await borderRequest(border, host, { method: "POST", path, body });
  if (status !== 200) throw new Error(`the stand-in for ${host} refused ${path}: HTTP ${status} ${answer}`);
}

export async function setWalletFault(border: BorderClient, fault: z.input<typeof walletFaultSchema>): Promise<void> {
  await controlStandIn(border, EMBEDDED_WALLET_HOST, "faults", fault);
}

export async function setRelayFault(border: BorderClient, fault: RelayFault): Promise<void> {
  await controlStandIn(border, RELAY_HOSTS[0], "faults", fault);
}

/** Closes at once the relay stand-in's sockets of every client subscribed to `topic`, or every socket. */
export async function dropRelaySockets(border: BorderClient, topic?: string): Promise<void> {
  await controlStandIn(border, RELAY_HOSTS[0], "drop", { topic });
}
