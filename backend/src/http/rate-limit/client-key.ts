import { ipKeyGenerator } from "express-rate-limit";

/** A dotted quad in its canonical form (no leading zeros), after the IPv4-mapped prefix `::ffff:`. */
const MAPPED_IPV4 = /^::ffff:((?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))$/i;

/**
 * The rate-limit key of a client IP: the key express-rate-limit's `ipKeyGenerator` gives (an IPv6 address's /56, an
 * IPv4 address as it is), without its cost on the common case. A dual-stack server sees every IPv4 client as
 * `::ffff:a.b.c.d`, which `ipKeyGenerator` parses with ip-address on every request (about 2 % of a read in the
 * bench's profile) to return `a.b.c.d`; that form is unmapped here by a pattern, and every other address still goes
 * through `ipKeyGenerator`. The default key generator's once-only configuration checks (trust proxy, forwarded
 * headers) are lost with it; `loadConfig` already refuses `TRUST_PROXY=true` in production (ADR 11).
 */
export function clientKey(ip: string | undefined, ipv6Subnet: number): string {
  // Express has no IP for a socket already destroyed; those requests share one key, as with the default generator.
  if (ip === undefined) return "";
  return MAPPED_IPV4.exec(ip)?.[1] ?? ipKeyGenerator(ip, ipv6Subnet);
}
