import http, { type RequestListener } from "node:http";

/** Sized for pages, polls and 16 KB bodies: a client that trickles is dropped in seconds. */
export const EDGE_LIMITS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  // How often Node looks for connections past those time-outs.
  connectionsCheckingInterval: 2_000,
  maxHeadersCount: 100,
  maxConnections: 1_000,
} as const;

export function edgeServer(app: RequestListener) {
  const { maxHeadersCount, maxConnections, ...options } = EDGE_LIMITS;
  const server = http.createServer(options, app);
  return Object.assign(server, { maxHeadersCount, maxConnections });
}
