import { Agent, buildConnector, setGlobalDispatcher } from "undici";
import { BORDER_HOSTS } from "./border-hosts.ts";

export interface BorderClient {
  port: number;
  certificatePem: string;
}

/** This process's `fetch` and `WebSocket` to the border's hosts go to it: Node's WalletConnect takes no TLS options. */
export function routeBorderHostsFromNode(border: BorderClient) {
  const direct = buildConnector({});
  const toBorder = buildConnector({ ca: border.certificatePem });
  setGlobalDispatcher(
    new Agent({
      connect: (options, callback) =>
        (BORDER_HOSTS as readonly string[]).includes(options.hostname)
          ? toBorder(
              { ...options, hostname: "127.0.0.1", port: String(border.port), servername: options.hostname },
              callback,
            )
          : direct(options, callback),
    }),
  );
}
