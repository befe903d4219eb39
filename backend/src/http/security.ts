import cors from "cors";
import type { RequestHandler } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import helmet from "helmet";
import { AppError } from "../errors.ts";
import { clientKey } from "./rate-limit/client-key.ts";

/**
 * Security headers, a Permissions-Policy among them. The CSP names what the page really talks to: our origin, the
 * chain's RPC, thirdweb's wallet services and WalletConnect's relay. Google's
 * sign-in is a popup (navigation, not a fetch), which needs the opener kept:
 * hence same-origin-allow-popups rather than same-origin.
 */
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
    // Addresses carry credentials for a moment (Google's code on the callback, the wallet's session on /claim after
    // its redirect login): no request the page makes may pass them on as a Referer.
    referrerPolicy: { policy: "no-referrer" },
    // thirdweb's wallet iframes and remote images are cross-origin resources without CORP headers.
    crossOriginEmbedderPolicy: false,
  });
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    helmetHeaders(req, res, next);
  };
}

/**
 * Powerful features nothing on the page uses, denied to it and to every frame it embeds. Left alone: passkeys
 * (publickey-credentials-*) and clipboard-write, which thirdweb's wallet frames and modal may use; the Google popup is
 * a window of its own, which this header does not reach.
 */
const PERMISSIONS_POLICY = [
  "accelerometer",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/**
 * The OAuth callback page runs inside the popup and must keep its `window.opener`
 * to hand the code back. A popup whose document sets a COOP other than the page
 * before it (Google's) is moved to a new browsing context group, which severs the
 * opener, so this one page opts out of isolation.
 */
export function keepOpenerOn(callbackPath: string): RequestHandler {
  return (req, res, next) => {
    if (req.path === callbackPath) res.setHeader("Cross-Origin-Opener-Policy", "unsafe-none");
    next();
  };
}

/** For answers that are live state: a browser or proxy must ask again rather than reuse one. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};

/** Only our own page may call the API from a browser. */
export function corsForOrigin(publicUrl: string): RequestHandler {
  return cors({ origin: new URL(publicUrl).origin, methods: ["GET", "POST"], maxAge: 600 });
}

/**
 * Kept at /56 on purpose (ADR 8): a /64 bucket is looser, since a home usually holds a whole /56, which would then
 * count as 256 clients. Quota per Google account is bounded separately, whatever the IP.
 */
const IPV6_SUBNET = 56;

/**
 * Per-IP limits on the API. Writes (each one costs Google quota and maybe a mint)
 * get `limitPerMinute`; reads get five times as many, so a page polling its
 * claim's status does not lock itself out. The client IP is whatever Express
 * derives under TRUST_PROXY, so a forged X-Forwarded-For is ignored unless a
 * trusted proxy set it. `writesStoreFor` shares the write counters between processes (through the claim store's
 * database, ADR 11); reads are counted in this process's memory: they cost no quota and mint nothing, and a shared
 * count cost a store write on every read (ADR 11, amended by ADR 14).
 * One handler picks the request's limiter by method, so each request pays for one limiter pass, not two
 * (express-rate-limit's pass was 7–10 % of the app's CPU on a read; docs/benchmarks/claims.md).
 */
export function apiRateLimits(limitPerMinute: number, writesStoreFor?: (prefix: string) => Store): RequestHandler {
  const limiter = (limit: number, store: Store | undefined) =>
    rateLimit({
      windowMs: 60_000,
      limit,
      ...(store ? { store } : {}),
      keyGenerator: (req) => clientKey(req.ip, IPV6_SUBNET),
      // clientKey falls back to ipKeyGenerator, which this check (it reads the function's source) cannot see.
      validate: { keyGeneratorIpFallback: false },
      standardHeaders: "draft-8",
      legacyHeaders: false,
      handler: (_req, _res, next) => next(new AppError("RATE_LIMITED", { retryAfterSeconds: 60 })),
    });
  const writes = limiter(limitPerMinute, writesStoreFor?.("writes:"));
  const reads = limiter(limitPerMinute * 5, undefined);
  return (req, res, next) => (req.method === "GET" || req.method === "HEAD" ? reads : writes)(req, res, next);
}
