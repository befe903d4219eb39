import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAnvil, type RunningAnvil } from "../anvil.ts";
import { startGoogleEmulator, type GoogleEmulator } from "../google-emulator/google-emulator.ts";
import { EMBEDDED_WALLET_HOST } from "../network-border/border-hosts.ts";
import { startNetworkBorder, type NetworkBorder } from "../network-border/border-server.ts";
import { loadTlsIdentity } from "../network-border/tls-identity.ts";
import { rpc } from "../json-rpc.ts";
import { WALLET_GOOGLE_CALLBACK, embeddedWalletEmulator } from "./embedded-wallet-emulator.ts";
import type { BorderClient } from "../network-border/border-request.ts";
import { borderRequest, setWalletFault } from "../test/stand-in-controls.ts";
import { loadWalletKeys } from "./wallet-keys.ts";
import { IN_APP_WALLET_SERVICE, type ThirdwebDashboard } from "./thirdweb-dashboard.ts";

const ECOSYSTEM_ID = "ecosystem.tube-test";
const APP_ORIGIN = "http://localhost:3000";
const PAGE = `${APP_ORIGIN}/claim?walletId=ecosystem.tube-test&authProvider=google&state=0123abcd`;
const CLIENT_ID = "app-client-id";
const PARTNER_ID = "app-partner-id";
/** A closed ecosystem, its one partner the app. */
const dashboard: ThirdwebDashboard = {
  projects: { [CLIENT_ID]: { domains: ["localhost:3000"], services: [IN_APP_WALLET_SERVICE] } },
  ecosystem: { id: ECOSYSTEM_ID, partners: { [PARTNER_ID]: ["localhost:3000"] } },
};
/** What the SDK sends with each call from the page. */
const SDK_HEADERS = {
  origin: APP_ORIGIN,
  "x-client-id": CLIENT_ID,
  "x-ecosystem-id": ECOSYSTEM_ID,
  "x-ecosystem-partner-id": PARTNER_ID,
};
const googleClient = { clientId: "wallet-test.apps.googleusercontent.com", clientSecret: "wallet-test-secret" };

let dataDir: string;
let google: GoogleEmulator;
let anvil: RunningAnvil;
let border: NetworkBorder;
let client: BorderClient;
const logged: string[] = [];
const walletServiceRequest = (border: BorderClient, request: Parameters<typeof borderRequest>[2]) =>
  borderRequest(border, EMBEDDED_WALLET_HOST, request);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "tube-wallet-"));
  [google, anvil] = await Promise.all([
    startGoogleEmulator({ clients: [{ ...googleClient, redirectUris: [WALLET_GOOGLE_CALLBACK] }] }),
    startAnvil(),
  ]);
  const tls = loadTlsIdentity(dataDir);
  const wallet = embeddedWalletEmulator({
    dashboard,
    googleUrl: google.url,
    googleClient,
    keys: loadWalletKeys(dataDir),
    log: (line) => logged.push(line),
  });
  border = await startNetworkBorder({ port: 0, tls, sites: { [EMBEDDED_WALLET_HOST]: wallet } });
  client = { port: border.port, certificatePem: tls.certificatePem };
});

afterAll(async () => {
  await Promise.all([border?.stop(), google?.stop(), anvil?.stop()]);
  await rm(dataDir, { recursive: true, force: true });
});

/** The login navigation as Chromium sends it from the page under `Referrer-Policy: strict-origin`. */
const login = (query: Record<string, string> = {}, headers: Record<string, string> = { referer: `${APP_ORIGIN}/` }) =>
  walletServiceRequest(client, {
    path: `/api/2024-05-05/login/google?${new URLSearchParams({ clientId: CLIENT_ID, ecosystemId: ECOSYSTEM_ID, ecosystemPartnerId: PARTNER_ID, redirectUrl: PAGE, ...query })}`,
    headers,
  });

/** The page's way through: the login redirect, Google's chooser (`choose`), and back; the address it lands on. */
async function signIn(choose: Record<string, string>): Promise<URL> {
  const started = await login();
  expect(started.status).toBe(302);
  const chooser = new URL(String(started.headers.location));
  expect(chooser.origin).toBe(google.url);
  const chosen = new URL("/o/oauth2/v2/auth/choose", google.url);
  chosen.search = new URLSearchParams({ ...Object.fromEntries(chooser.searchParams), ...choose }).toString();
  const back = await fetch(chosen, { redirect: "manual" });
  const callback = new URL(String(back.headers.get("location")));
  expect(callback.href.startsWith(WALLET_GOOGLE_CALLBACK)).toBe(true);
  const landing = await walletServiceRequest(client, { path: callback.pathname + callback.search });
  expect(landing.status).toBe(302);
  return new URL(String(landing.headers.location));
}

function authResultOf(landing: URL): { storedToken: { cookieString: string; isNewUser: boolean } } {
  return JSON.parse(decodeURIComponent(landing.searchParams.get("authResult") ?? "")) as never;
}

const bearer = (cookieString: string) => ({
  ...SDK_HEADERS,
  authorization: `Bearer embedded-wallet-token:${cookieString}`,
});

describe("the embedded-wallet stand-in", () => {
  it("when the page preflights an SDK call with its own headers, then the stand-in answers the preflight for that origin", async () => {
    const preflight = await walletServiceRequest(client, {
      method: "OPTIONS",
      path: "/api/2024-05-05/accounts",
      headers: {
        origin: "http://localhost:3000",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization,x-client-id,x-ecosystem-id",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    expect(preflight.headers["access-control-allow-headers"]).toBe("authorization,x-client-id,x-ecosystem-id");
  });

  it("when asked for an ecosystem it does not know, then it answers UNAUTHORIZED; its own has Google and no smart accounts", async () => {
    const unknown = await walletServiceRequest(client, {
      path: "/api/2024-05-05/ecosystem-wallet",
      headers: { "x-ecosystem-id": "ecosystem.other" },
    });
    expect(JSON.parse(unknown.body)).toMatchObject({ code: "UNAUTHORIZED" });
    const own = JSON.parse(
      (
        await walletServiceRequest(client, {
          path: "/api/2024-05-05/ecosystem-wallet",
          headers: { "x-ecosystem-id": ECOSYSTEM_ID },
        })
      ).body,
    ) as Record<string, unknown>;
    expect(own.authOptions).toEqual(["google"]);
    expect(own).not.toHaveProperty("smartAccountOptions");
  });

  it("when a Google account signs in, then the page gets its session with its state, a generated wallet signs a transaction the chain accepts, and the next sign-in finds the same wallet", async () => {
    const landing = await signIn({ account: "heidi@example.com" });
    expect(landing.searchParams.get("state")).toBe("0123abcd");
    const { storedToken } = authResultOf(landing);
    expect(storedToken.isNewUser).toBe(true);

    const before = JSON.parse(
      (
        await walletServiceRequest(client, {
          path: "/api/2024-05-05/accounts",
          headers: bearer(storedToken.cookieString),
        })
      ).body,
    ) as { wallets: unknown[] };
    expect(before.wallets).toEqual([]);
    const generated = await walletServiceRequest(client, {
      method: "POST",
      path: "/api/v1/enclave-wallet/generate",
      headers: bearer(storedToken.cookieString),
    });
    const { address } = (JSON.parse(generated.body) as { wallet: { address: string } }).wallet;

    await rpc(anvil.rpcUrl, "anvil_setBalance", [address, "0xde0b6b3a7640000"]);
    const signed = await walletServiceRequest(client, {
      method: "POST",
      path: "/api/v1/enclave-wallet/sign-transaction",
      headers: bearer(storedToken.cookieString),
      body: {
        transactionPayload: {
          chainId: "0xa4b1",
          to: address,
          value: "0x1",
          gas: "0x5208",
          nonce: "0x0",
          maxFeePerGas: "0x77359400",
          maxPriorityFeePerGas: "0x0",
          type: 2,
        },
      },
    });
    const { signature } = JSON.parse(signed.body) as { signature: string };
    const hash = await rpc<string>(anvil.rpcUrl, "eth_sendRawTransaction", [signature]);
    const transaction = await rpc<{ from: string }>(anvil.rpcUrl, "eth_getTransactionByHash", [hash]);
    expect(transaction.from.toLowerCase()).toBe(address.toLowerCase());

    const again = authResultOf(await signIn({ account: "heidi@example.com" })).storedToken;
    expect(again.isNewUser).toBe(false);
    const after = JSON.parse(
      (await walletServiceRequest(client, { path: "/api/2024-05-05/accounts", headers: bearer(again.cookieString) }))
        .body,
    ) as { wallets: Array<{ address: string; type: string }> };
    expect(after.wallets).toEqual([expect.objectContaining({ address, type: "enclave" })]);
  });

  it("when the visitor cancels on Google's chooser, then the page gets its address back with neither authResult nor authCookie", async () => {
    const landing = await signIn({ cancel: "1" });
    expect(landing.href).toBe(PAGE);
  });

  // Each case's client id is its own project on the dashboard.
  dashboard.projects["elsewhere-client-id"] = { domains: ["tube.example"], services: [IN_APP_WALLET_SERVICE] };
  dashboard.projects["no-wallets-client-id"] = { domains: ["localhost:3000"], services: ["rpc"] };
  type Params = Record<string, string>;
  const REFUSALS: Array<{
    when: string;
    query?: Params;
    headers?: Params;
    status: number;
    message: string;
    hint?: string;
  }> = [
    {
      when: "the client id's allowed domains lack the page's",
      query: { clientId: "elsewhere-client-id" },
      status: 401,
      message: "Unauthorized domain: localhost:3000",
      hint: "check the project's allowed domains on thirdweb's dashboard",
    },
    { when: "neither Origin nor Referer is sent", headers: {}, status: 401, message: "The keys are invalid" },
    { when: "the client id is unknown", query: { clientId: "unknown" }, status: 401, message: "Key is invalid" },
    {
      when: "the project lacks the in-app wallet service",
      query: { clientId: "no-wallets-client-id" },
      status: 403,
      message: "Unauthorized service",
    },
    {
      when: "the closed ecosystem gets no partner id",
      query: { ecosystemPartnerId: "" },
      status: 401,
      message: "requires a valid partner id",
      hint: "check ECOSYSTEM_PARTNER_ID, the app's partner id",
    },
    {
      when: "redirectUrl is not on the client id's domains",
      query: { redirectUrl: "https://evil.example/claim" },
      status: 401,
      message: "Unauthorized domain: evil.example",
    },
  ];
  for (const { when, query, headers, status, message, hint } of REFUSALS)
    it(`when ${when}, then the login answers ${status} saying so${hint ? ", and the log names the setting" : ""}`, async () => {
      const refused = await login(query, headers);
      expect(refused.status).toBe(status);
      expect(JSON.parse(refused.body)).toMatchObject({ error: { message: expect.stringContaining(message) } });
      if (hint) expect(logged.at(-1)).toContain(hint);
    });

  it("when the page's calls come from an origin the client id lacks, then they are refused before the session is read", async () => {
    const { storedToken } = authResultOf(await signIn({ account: "ivan@example.com" }));
    const accounts = await walletServiceRequest(client, {
      path: "/api/2024-05-05/accounts",
      headers: { ...bearer(storedToken.cookieString), origin: "https://tube.example" },
    });
    expect(accounts.status).toBe(401);
    expect(accounts.body).toContain("Unauthorized domain: tube.example");
  });

  it("when the session is expired, then accounts answers 401", async () => {
    await setWalletFault(client, { mode: "expiredToken", account: "alice@example.com" });
    const { storedToken } = authResultOf(await signIn({ account: "alice@example.com" }));
    const accounts = await walletServiceRequest(client, {
      path: "/api/2024-05-05/accounts",
      headers: bearer(storedToken.cookieString),
    });
    expect(accounts.status).toBe(401);
  });
});
