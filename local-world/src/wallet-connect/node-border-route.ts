import { Agent, buildConnector, setGlobalDispatcher } from "undici";
import { BORDER_HOSTS } from "../network-border/border-hosts.ts";
import type { BorderClient } from "../network-border/border-request.ts";

/**
 * Sends this process's `fetch` and `WebSocket` (undici's) for the border's hosts to the border, trusting its
 * certificate for them alone, as Chromium's resolver rules do: a Node WalletConnect client takes no TLS options.
 */
export function routeBorderHostsFromNode(border: BorderClient): void {
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
