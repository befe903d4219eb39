import { ipKeyGenerator } from "express-rate-limit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.ts";

const SUBNET = 56;

describe("clientKey", () => {
  it.each([
    "203.0.113.7",
    "::ffff:203.0.113.7",
    "::FFFF:203.0.113.7",
    "::ffff:127.0.0.1",
    "::ffff:cb00:7107",
    "0:0:0:0:0:ffff:203.0.113.7",
    "::203.0.113.7",
    "::1",
    "::",
    "2001:db8:1234:5678::1",
    "2001:db8:1234:56ff:ffff::1",
  ])("when the client IP is %s, then the key is the one ipKeyGenerator gives", (ip) => {
    expect(clientKey(ip, SUBNET)).toBe(ipKeyGenerator(ip, SUBNET));
  });

  it("when any IPv4 address arrives mapped into IPv6, then the key is ipKeyGenerator's", () => {
    fc.assert(
      fc.property(fc.ipV4(), (ipv4) => {
        expect(clientKey(`::ffff:${ipv4}`, SUBNET)).toBe(ipKeyGenerator(`::ffff:${ipv4}`, SUBNET));
        expect(clientKey(ipv4, SUBNET)).toBe(ipKeyGenerator(ipv4, SUBNET));
      }),
    );
  });

  it("when any IPv6 address arrives, then the key is ipKeyGenerator's", () => {
    fc.assert(
      fc.property(fc.ipV6(), (ipv6) => {
        expect(clientKey(ipv6, SUBNET)).toBe(ipKeyGenerator(ipv6, SUBNET));
      }),
    );
  });
});
