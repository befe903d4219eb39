import https from "node:https";
import type { IncomingMessage, RequestListener } from "node:http";
import type { Duplex } from "node:stream";
import { endWithStatus, listen } from "../stand-in.ts";
import type { TlsIdentity } from "./tls-identity.ts";

export type NetworkBorder = Awaited<ReturnType<typeof startNetworkBorder>>;

/** `ws`'s `handleUpgrade` takes the same three arguments. */
export type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** One HTTPS server for every outside host: the Host header picks the stand-in; a host with none gets 421. */
export async function startNetworkBorder(options: {
  port: number;
  tls: TlsIdentity;
  sites: Readonly<Record<string, RequestListener>>;
  upgrades?: Readonly<Record<string, UpgradeListener>>;
}) {
  const server = https.createServer({ key: options.tls.keyPem, cert: options.tls.certificatePem }, (req, res) => {
    const site = options.sites[hostOf(req)];
    if (site) return site(req, res);
    res.writeHead(421, { "content-type": "text/plain" }).end(`This server does not serve ${hostOf(req)}.`);
  });
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const upgrade = options.upgrades?.[hostOf(req)];
    if (upgrade) return upgrade(req, socket, head);
    endWithStatus(socket, "421 Misdirected Request");
  });
  return listen(server, options.port);
}

function hostOf(req: IncomingMessage) {
  return (req.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
}
