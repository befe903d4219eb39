import http, { type RequestListener } from "node:http";

/**
 * Sized for the product, not Node's defaults: a request is a page, a poll or a 16 KB JSON body, and about 9,500 claims
 * a day arrive, mostly through one proxy that pools its connections. A client that trickles its headers or body is
 * dropped in seconds, and however many connections slow clients open, they cannot exhaust the process.
 */
export const EDGE_LIMITS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  // How often Node looks for connections past those time-outs.
  connectionsCheckingInterval: 2_000,
  maxHeadersCount: 100,
  maxConnections: 1_000,
} as const;

export function edgeServer(app: RequestListener): http.Server {
  const { maxHeadersCount, maxConnections, ...options } = EDGE_LIMITS;
  const server = http.createServer(options, app);
  return Object.assign(server, { maxHeadersCount, maxConnections });
}
