import cors from "cors";
import type { RequestHandler } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import helmet from "helmet";
import type { Counter } from "prom-client";
import { AppError } from "../errors.ts";
import type { Logger } from "../observability/logger.ts";
import type { RateLimitCounters } from "../store/claim-store.ts";

/** Google's sign-in popup needs its opener. */
export function securityHeaders(options: { rpcUrl: string }): RequestHandler {
  const rpcOrigin = new URL(options.rpcUrl).origin;
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Chakra UI (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: [
          "'self'",
          rpcOrigin,
          "https://*.thirdweb.com",
          "wss://*.thirdweb.com",
          "https://*.walletconnect.com",
          "wss://*.walletconnect.com",
          "https://*.walletconnect.org",
          "wss://*.walletconnect.org",
          "https://*.web3modal.org",
        ],
        frameSrc: [
          "'self'",
          "https://*.thirdweb.com",
          "https://verify.walletconnect.com",
          "https://verify.walletconnect.org",
        ],
        workerSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    // No path (Google's code rides in one), but the origin: thirdweb's wallet service checks its Referer.
    referrerPolicy: { policy: "strict-origin" },
    // thirdweb's wallet iframes and remote images have no CORP headers.
    crossOriginEmbedderPolicy: false,
  });
  return (req, res, next) => helmetHeaders(req, res.setHeader("Permissions-Policy", PERMISSIONS_POLICY), next);
}

/** Features nothing on the page uses; passkeys and clipboard-write are thirdweb's. */
const PERMISSIONS_POLICY =
  "accelerometer=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), " +
  "magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=(), xr-spatial-tracking=()";

/** The OAuth callback page in the popup must keep its `window.opener` to hand the code back. */
export function keepOpenerOn(callbackPath: string): RequestHandler {
  return (req, res, next) => {
    if (req.path === callbackPath) res.setHeader("Cross-Origin-Opener-Policy", "unsafe-none");
    next();
  };
}

export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};

export function corsForOrigin(publicUrl: string) {
  return cors({ origin: new URL(publicUrl).origin, methods: ["GET", "POST"], maxAge: 600 });
}

const WINDOW_MS = 60_000;

/** An IPv6 client is its /56; a `store` shares the count between processes. */
function clientRateLimit(limit: number, store?: Store): RequestHandler {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    store,
    ipv6Subnet: 56,
    // TRUST_PROXY's mismatches are trustProxyWatch's to report, in the app's log.
    validate: { ip: false, trustProxy: false, xForwardedForHeader: false, forwardedHeader: false },
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new AppError("RATE_LIMITED", { retryAfterSeconds: 60 })),
  });
}

/**
 * Writes this process lets by count in the shared store, so a flood costs it at most the limit a minute. Reads get
 * five times as many, so a polling page never locks out.
 */
export function apiRateLimits(limitPerMinute: number, counters: RateLimitCounters): RequestHandler {
  const local = clientRateLimit(limitPerMinute);
  const prefix = "writes:";
  const shared = clientRateLimit(limitPerMinute, {
    prefix,
    localKeys: false,
    get: (key) => counters.get(prefix + key),
    increment: (key) => counters.increment(prefix + key, WINDOW_MS),
    decrement: (key) => counters.decrement(prefix + key),
    resetKey: (key) => counters.resetKey(prefix + key),
  });
  const reads = clientRateLimit(limitPerMinute * 5);
  return (req, res, next) =>
    req.method === "GET" || req.method === "HEAD"
      ? reads(req, res, next)
      : local(req, res, (error?: unknown) => (error ? next(error) : shared(req, res, next)));
}

const FORWARDED_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
];

/** Counts forwarded headers from a peer TRUST_PROXY does not trust, and warns once a process. */
export function trustProxyWatch(deps: {
  trustProxy: boolean | number | string[];
  trustProxyMismatches: Counter<"sign">;
  logger: Logger;
}): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    const peer = req.socket.remoteAddress;
    const trusts = req.app.get("trust proxy fn") as (address: string, hop: number) => boolean;
    const forwarded = FORWARDED_HEADERS.some((header) => req.headers[header] !== undefined);
    if (forwarded && peer !== undefined && !trusts(peer, 0)) {
      deps.trustProxyMismatches.inc({ sign: "untrusted_peer" });
      if (!warned)
        deps.logger.warn(
          { setting: "TRUST_PROXY", trustProxy: deps.trustProxy, sign: "untrusted_peer" },
          "forwarded headers came from a peer TRUST_PROXY does not trust, so they were ignored: if a proxy is in front, TRUST_PROXY does not name it and every visitor counts as the proxy's one address; otherwise something reaches the app around its proxy (logged once; tube_trust_proxy_mismatches_total counts them)",
        );
      warned = true;
    }
    next();
  };
}
