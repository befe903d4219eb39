import https from "node:https";
import type { AddressInfo } from "node:net";
import type { IncomingMessage, RequestListener } from "node:http";
import type { Duplex } from "node:stream";
import type { TlsIdentity } from "./tls-identity.ts";

export interface NetworkBorder {
  port: number;
  stop(): Promise<void>;
}

/** Takes over a WebSocket upgrade request (`ws`'s `handleUpgrade` takes the same three arguments). */
export type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * One HTTPS server for every outside host the local world stands in for: Chromium's host-resolver rules send each
 * of those names here, and the Host header says which stand-in answers, for plain requests (`sites`) and WebSocket
 * upgrades (`upgrades`) alike. A name with no stand-in gets 421 (Misdirected Request), as a server does for a host it
 * does not serve.
 */
export async function startNetworkBorder(options: {
  port: number;
  tls: TlsIdentity;
  sites: Readonly<Record<string, RequestListener>>;
  upgrades?: Readonly<Record<string, UpgradeListener>>;
}): Promise<NetworkBorder> {
  const server = https.createServer({ key: options.tls.keyPem, cert: options.tls.certificatePem }, (req, res) => {
    const site = options.sites[hostOf(req)];
    if (site) return site(req, res);
    res.writeHead(421, { "content-type": "text/plain" }).end(`This server does not serve ${hostOf(req)}.`);
  });
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const upgrade = options.upgrades?.[hostOf(req)];
    if (upgrade) return upgrade(req, socket, head);
    socket.end("HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
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

function hostOf(req: IncomingMessage): string {
  return (req.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
}
