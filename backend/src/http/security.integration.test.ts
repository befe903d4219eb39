import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomWallet } from "@tube/local-world/mint-log";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

const RATE_LIMIT = 20;
let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({
    env: { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), MAX_TOTAL_CLAIMS: "1", TRUST_PROXY: "false" },
  });
});
afterAll(async () => {
  await world?.stop();
});

function claim(token: string) {
  return fetch(`${world.url}/api/verify-and-mint`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ walletAddress: randomWallet(), oauthAccessToken: token }),
  });
}

describe("hardening", () => {
  it("when the claim budget is spent, then new claims are refused before anything is reserved", async () => {
    expect((await claim((await world.visitor()).token)).status).toBe(202);
    const refused = await claim((await world.visitor()).token);
    expect(refused.status).toBe(410);
    expect(await refused.json()).toMatchObject({ error: { code: "CLAIM_BUDGET_EXHAUSTED" } });
  });

  it("when a page from another origin calls the API, then CORS does not let it read the answer", async () => {
    const response = await fetch(`${world.url}/api/config`, { headers: { origin: "https://evil.example" } });
    expect(response.headers.get("access-control-allow-origin")).not.toBe("https://evil.example");
    const own = await fetch(`${world.url}/api/check-claim/${randomWallet()}`, { headers: { origin: world.url } });
    expect(own.headers.get("access-control-allow-origin")).toBe(world.url);
  });

  it("when the page is served, then the security headers keep Google's popup working and deny unused features", async () => {
    const response = await fetch(`${world.url}/healthz`);
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-powered-by")).toBeNull();
    // The origin alone, never a path: thirdweb's wallet service checks it on the redirect login.
    expect(response.headers.get("referrer-policy")).toBe("strict-origin");
    const permissions = response.headers.get("permissions-policy") ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"])
      expect(permissions).toContain(`${feature}=()`);
    // The wallet frames may use passkeys and copy an address.
    expect(permissions).not.toMatch(/publickey-credentials|clipboard/);
    // The popup's callback page keeps its opener, or the code could not be handed back.
    const callback = await fetch(`${world.url}/auth/google/callback?code=c&state=s`);
    expect(callback.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
    for (const answer of [callback, await fetch(`${world.url}/api/nothing-here`)])
      expect(answer.headers.get("permissions-policy")).toBe(permissions);
  });

  it("when one client forges a new X-Forwarded-For on every request, then the rate limit still stops it", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 5; i++) {
      const response = await fetch(`${world.url}/api/verify-subscription`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}` },
        body: "{}",
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
        expect(response.headers.get("retry-after")).toBe("60");
      }
    }
    expect(statuses).toContain(429);
  });

  it("when the API answers or refuses, then no-store and no ETag; GET /api/config keeps its ETag to revalidate", async () => {
    for (const path of [`/api/check-claim/${randomWallet()}`, "/api/check-claim/not-a-wallet", "/api/nothing-here"]) {
      const response = await fetch(`${world.url}${path}`);
      await response.arrayBuffer();
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("etag")).toBeNull();
      expect(response.headers.get("x-powered-by")).toBeNull();
    }
    const config = await fetch(`${world.url}/api/config`);
    await config.arrayBuffer();
    expect(config.headers.get("cache-control")).toBe("no-cache");
    expect(config.headers.get("etag")).not.toBeNull();
  });

  it("when a page polls its claim's status, then reads have a larger allowance than writes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT * 2; i++)
      statuses.push((await fetch(`${world.url}/api/check-claim/${randomWallet()}`)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});
