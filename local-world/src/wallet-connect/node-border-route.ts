import { Agent, buildConnector, setGlobalDispatcher } from "undici";
import { BORDER_HOSTS } from "../network-border/border-hosts.ts";
import type { BorderClient } from "../network-border/border-request.ts";

/**
 * Sends this Node process's own `fetch` and `WebSocket` (undici's) for the border's hosts to the border, trusting its
 * certificate for them alone; every other host goes out as before. A Node WalletConnect client needs this for both
 * services: `@walletconnect/jsonrpc-ws-connection` opens Node's global `WebSocket` with no TLS options of its own, and
 * Verify's public key is fetched from a fixed URL (`@walletconnect/core` `src/controllers/verify.ts`). The same
 * thing Chromium's host-resolver rules and certificate pin do for the page.
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
