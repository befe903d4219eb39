import https from "node:https";
import type { AddressInfo } from "node:net";
import type { RequestListener } from "node:http";
import type { TlsIdentity } from "./tls-identity.ts";

export interface NetworkBorder {
  port: number;
  stop(): Promise<void>;
}

/**
 * One HTTPS server for every outside host the local world stands in for: Chromium's host-resolver rules send each
 * of those names here, and the Host header says which stand-in answers. A name with no stand-in gets 421
 * (Misdirected Request), as a server does for a host it does not serve.
 */
export async function startNetworkBorder(options: {
  port: number;
  tls: TlsIdentity;
  sites: Readonly<Record<string, RequestListener>>;
}): Promise<NetworkBorder> {
  const server = https.createServer({ key: options.tls.keyPem, cert: options.tls.certificatePem }, (req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
    const site = options.sites[host];
    if (site) return site(req, res);
    res.writeHead(421, { "content-type": "text/plain" }).end(`This server does not serve ${host}.`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
