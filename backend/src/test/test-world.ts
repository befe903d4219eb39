/**
 * The whole product for integration tests: the local world (chain, token, Engine
 * stand-in) plus a Google stand-in that also knows a second OAuth client, and the
 * real server in-process on a free port, over a fresh embedded store.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GOOGLE_CALLBACK_PATH } from "@tube/common/constants";
import { freePort } from "@tube/local-world/free-port";
import { startRpcProxy, type RpcProxyOptions } from "@tube/local-world/rpc-proxy";
import { startGoogleEmulator } from "@tube/local-world/google-emulator/google-emulator";
import { createGoogleAccount } from "@tube/local-world/google-emulator/create-account";
import { defaultGoogleAccounts, LOCAL_CHANNEL_ID } from "@tube/local-world/google-emulator/seed-accounts";
import { signInWithEmulator, obtainAccessToken } from "@tube/local-world/test/google-sign-in";
import { startLocalWorld, type LocalWorldOptions } from "@tube/local-world/local-world";
import { randomWallet } from "@tube/local-world/mint-log";
import { hex, rpc } from "@tube/local-world/json-rpc";
import { rpcBatch } from "@tube/local-world/test/chain-reads";
import type { DestinationStream } from "pino";
import { vi } from "vitest";
import { createLogger } from "../observability/logger.ts";
import { startServer, type RunningServer, type ServerTuning } from "../server.ts";
import { createTestApi, type ApiAnswer, type Visitor } from "./test-api.ts";
import { testConfig } from "./test-config.ts";
import { TEST_WORLD_TUNING } from "./test-tuning.ts";

/** Sign-ins a crowd of test visitors makes at a time (`visitors`). */
const SIGN_INS_AT_ONCE = 20;
/** `AlreadyRewarded(address)`: the rewards contract's refusal of a second reward to a wallet. */
const ALREADY_REWARDED_SELECTOR = "0xb89365fb";

export const APP_CLIENT = { clientId: "tube-test.apps.googleusercontent.com", clientSecret: "tube-test-secret" };
/** Another app registered with the same Google: its tokens must not be accepted. */
const OTHER_CLIENT = {
  clientId: "other-app.apps.googleusercontent.com",
  clientSecret: "other-app-secret",
  redirectUris: ["http://localhost/other-app/callback"],
};
/** The operator's token in every test world: /metrics and /readyz/details answer only to it. */
const TEST_METRICS_TOKEN = "tube-test-metrics-token";
/** What an operator (Prometheus, a test, the bench) sends to /metrics and /readyz/details. */
export const OPERATOR_HEADERS = { authorization: `Bearer ${TEST_METRICS_TOKEN}` };

/** `inProcessApp: false` leaves the server to the test (to run it as a child process it can kill). */
export async function startTestWorld(
  options: {
    env?: Record<string, string>;
    inProcessApp?: boolean;
    /**
     * The server reaches the chain through a proxy that plays a hosted provider's limits (rpc-proxy.ts): wide
     * `eth_getLogs` ranges, batch size, calls per second, finality trailing by time.
     */
    rpcProvider?: Omit<RpcProxyOptions, "upstreamUrl" | "port" | "now">;
    /** Where the in-process server logs; stdout when unset. */
    logDestination?: DestinationStream;
    /** The in-process server's log level: TEST_LOG_LEVEL, or silent. */
    logLevel?: string;
    /** Internal tunings of the in-process server, for a test that shows a rule in seconds. */
    tuning?: ServerTuning;
    /**
     * The local world's pace. Unset: a block per transaction, as these suites move time on chain themselves
     * (mineBlocks), and an Engine that sends at once.
     */
    pace?: Pick<LocalWorldOptions, "chainBlockSeconds" | "engineSendLatencyMs" | "engineSendRetryMs">;
  } = {},
) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-it-"));
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  const google = await startGoogleEmulator({
    port: 0,
    clients: [{ ...APP_CLIENT, redirectUris: [`${publicUrl}${GOOGLE_CALLBACK_PATH}`] }, OTHER_CLIENT],
    accounts: defaultGoogleAccounts(LOCAL_CHANNEL_ID),
    channelId: LOCAL_CHANNEL_ID,
  });
  const world = await startLocalWorld(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      GOOGLE_EMULATOR_URL: google.url,
      GOOGLE_CLIENT_ID: APP_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: APP_CLIENT.clientSecret,
      YOUTUBE_CHANNEL_ID: LOCAL_CHANNEL_ID,
      RATE_LIMIT_PER_MINUTE: "100000",
      METRICS_TOKEN: TEST_METRICS_TOKEN,
      ...options.env,
    },
    { chainBlockSeconds: 0, engineSendLatencyMs: 0, ...options.pace },
  );
  const { engine, contracts } = world.started;
  if (!engine || !contracts) throw new Error("the test world needs the Engine stand-in and its own contracts");
  let server: RunningServer | null = null;
  const chainUrl = world.env.RPC_URL as string;
  const proxy = options.rpcProvider ? await startRpcProxy({ ...options.rpcProvider, upstreamUrl: chainUrl }) : null;

  const startApp = async () => {
    const config = testConfig({ ...world.env, ...(proxy ? { RPC_URL: proxy.url } : {}) });
    server = await startServer(
      config,
      createLogger(options.logLevel ?? process.env.TEST_LOG_LEVEL ?? "silent", options.logDestination),
      {
        tuning: { ...TEST_WORLD_TUNING, ...options.tuning },
      },
    );
    return server;
  };
  if (options.inProcessApp !== false) await startApp();

  async function refusedInSimulation(): Promise<number> {
    let refused = 0;
    for (let page = 1; ; page++) {
      const response = await fetch(`${engine!.url}/v1/transactions?status=FAILED&limit=100&page=${page}`, {
        headers: { "x-secret-key": world.env.THIRDWEB_SECRET_KEY as string },
      });
      const { result } = (await response.json()) as {
        result: { transactions: Array<{ errorMessage: string | null }> };
      };
      const selector = ALREADY_REWARDED_SELECTOR.slice(2);
      refused += result.transactions.filter((row) => row.errorMessage?.includes(selector)).length;
      if (result.transactions.length < 100) return refused;
    }
  }

  // The chain read so far, so that each count reads only the blocks added since the last.
  const onChain = { readTo: -1, reverted: 0 };

  /**
   * Transactions to the rewards contract that reverted with gas to spare: refused, not out of gas (the stand-in's
   * `revert` fault). A local chain is small enough to read block by block.
   */
  async function revertedOnChain(): Promise<number> {
    const rewards = (world.env.REWARDS_ADDRESS as string).toLowerCase();
    const head = await rpc<string>(chainUrl, "eth_blockNumber");
    for (let from = onChain.readTo + 1; from <= Number(head); from += 100) {
      const numbers = Array.from({ length: Math.min(100, Number(head) - from + 1) }, (_, i) => from + i);
      const blocks = await rpcBatch<{ transactions: Array<{ to: string | null; hash: string; gas: string }> }>(
        chainUrl,
        numbers.map((n) => ({ method: "eth_getBlockByNumber", params: [hex(n), true] })),
      );
      const sent = blocks.flatMap((block) => block.transactions.filter((tx) => tx.to?.toLowerCase() === rewards));
      if (sent.length === 0) continue;
      const receipts = await rpcBatch<{ status: string; gasUsed: string }>(
        chainUrl,
        sent.map((tx) => ({ method: "eth_getTransactionReceipt", params: [tx.hash] })),
      );
      onChain.reverted += receipts.filter(
        (receipt, i) => receipt.status === "0x0" && BigInt(receipt.gasUsed) < BigInt(sent[i]!.gas),
      ).length;
    }
    onChain.readTo = Number(head);
    return onChain.reverted;
  }

  const api = createTestApi(() => publicUrl);

  /**
   * Signs `email` in through the stand-in's consent screen (choosing `identity`, a Brand Account's or the person's
   * own `sub`, on its channel picker) and asks the server to exchange the code: the server's answer.
   */
  async function trySignIn(email: string, options: { identity?: string } = {}): Promise<ApiAnswer> {
    const redirectUri = `${publicUrl}${GOOGLE_CALLBACK_PATH}`;
    const { code, codeVerifier } = await signInWithEmulator({
      emulatorUrl: google.url,
      clientId: APP_CLIENT.clientId,
      redirectUri,
      account: email,
      identity: options.identity,
    });
    return api.post("/api/auth/google", { code, codeVerifier, redirectUri });
  }

  /** Signs `email` in as `trySignIn` does, and returns the access token of a sign-in the server accepted. */
  async function signIn(email: string, options: { identity?: string } = {}): Promise<string> {
    const answer = await trySignIn(email, options);
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.accessToken as string;
  }

  /** A fresh viewer, signed in: a new Google account (subscribed unless told otherwise) with a channel of its own, and a new wallet. */
  async function visitor(options: { subscribed?: boolean } = {}): Promise<Visitor> {
    const account = await createGoogleAccount(google.url, options);
    return {
      email: account.email,
      sub: account.sub,
      handle: account.channel.handle,
      channelName: account.channel.title,
      token: await signIn(account.email),
      wallet: randomWallet(),
    };
  }

  return {
    url: publicUrl,
    /** Our HTTP API, as the browser calls it. */
    api,
    /** JSON-RPC to the chain itself, never capped. */
    rpc: <T = unknown>(method: string, params: unknown[] = []) => rpc<T>(chainUrl, method, params),
    env: world.env,
    googleUrl: google.url,
    engineFaults: engine.faults,
    engineUrl: engine.url,
    /** The chain itself, for the tests' own reads: never capped. */
    rpcUrl: chainUrl,
    /** The server's requests to the chain, by method, since the last reset (with `rpcProvider` only). */
    rpcProxy: proxy,
    ageChain: (blocks: number) => world.ageChain(blocks),
    tokenAddress: contracts.tokenAddress,
    rewardsAddress: world.env.REWARDS_ADDRESS as string,
    /**
     * Second rewards the contract refused: those Engine's simulation stopped before sending (a FAILED row naming
     * `AlreadyRewarded`), plus those that reached the chain and reverted there (a bundler landing a late call).
     */
    async refusedSecondRewards(): Promise<number> {
      return (await refusedInSimulation()) + (await revertedOnChain());
    },
    /** The server's /metrics as its operator reads it. */
    async metrics(): Promise<string> {
      const response = await fetch(`${publicUrl}/metrics`, { headers: OPERATOR_HEADERS });
      if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
      return response.text();
    },
    /** Mines `count` empty blocks: on the local chain, blocks (and so grace periods) pass only with traffic. */
    async mineBlocks(count: number) {
      await rpc(chainUrl, "anvil_mine", [hex(count)]);
    },
    /** Restarts the server over the same store and chain (the mint loop's first pass takes the claims on again). */
    async restartApp() {
      await server?.stop();
      if (options.inProcessApp !== false) await startApp();
    },
    /** Restarts the server over an empty store on the same chain: a lost or replaced database. */
    async wipeStoreAndRestart() {
      await server?.stop();
      for (const file of await fs.readdir(dataDir))
        if (file.startsWith("claims.sqlite")) await fs.rm(path.join(dataDir, file));
      await startApp();
    },
    signIn,
    trySignIn,
    /** A Google account nobody has used yet, with a channel of its own; subscribed to the channel unless told otherwise. */
    createGoogleAccount: (options: { subscribed?: boolean; brandChannels?: number } = {}) =>
      createGoogleAccount(google.url, options),
    visitor,
    /** `count` fresh viewers, signed in at once. */
    /**
     * `count` fresh visitors, signed in a few at a time as visitors arrive: all at once, a crowd's sign-ins queued on
     * the loaded test machine past the server's Google time-out and came back 503.
     */
    async visitors(count: number): Promise<Visitor[]> {
      const signedIn: Visitor[] = [];
      for (let start = 0; start < count; start += SIGN_INS_AT_ONCE)
        signedIn.push(
          ...(await Promise.all(Array.from({ length: Math.min(SIGN_INS_AT_ONCE, count - start) }, () => visitor()))),
        );
      return signedIn;
    },
    /**
     * Waits until every visitor's wallet reads `confirmed`, asking the server at `url` (default: the world's), and
     * resolves with what the server said of each.
     * `claimAgain`: a visitor whose claim never took (refused, or cut off by a crash) claims again, as a person would.
     * `mineWhileWaiting`: a block is mined on every look, since Arbitrum never stops making blocks while anvil makes
     * one only per transaction, and an attempt Engine never heard of is retried only after the grace (`TEST_WORLD_TUNING`'s 50 blocks).
     */
    async untilAllConfirmed(
      visitors: Array<Pick<Visitor, "wallet"> & Partial<Visitor>>,
      options: { claimAgain?: boolean; mineWhileWaiting?: boolean; url?: string; timeoutMs?: number } = {},
    ): Promise<ApiAnswer["body"][]> {
      const through = options.url ? createTestApi(() => options.url!) : api;
      const look = async (visitor: (typeof visitors)[number]) => {
        const { body } = await through.checkClaim(visitor.wallet);
        if (body.status === null && options.claimAgain && visitor.token)
          await through.claim({ token: visitor.token, wallet: visitor.wallet });
        if (body.status !== "confirmed") {
          if (options.mineWhileWaiting) await rpc(chainUrl, "evm_mine");
          throw new Error(`${visitor.wallet} is ${body.status}: ${JSON.stringify(body)}`);
        }
        return body;
      };
      // A visitor seen confirmed is not asked again on each look, only once more at the end: asking every one on every
      // look made a crowd's wait quadratic (24,000 requests for 500 visitors). The end's pass asks them all, since a
      // reorganised chain can take a confirmation back.
      const seenConfirmed = new Set<number>();
      return vi.waitFor(
        async () => {
          for (const [i, visitor] of visitors.entries()) {
            if (seenConfirmed.has(i)) continue;
            await look(visitor);
            seenConfirmed.add(i);
          }
          const confirmed: ApiAnswer["body"][] = [];
          for (const [i, visitor] of visitors.entries()) {
            const body = await look(visitor).catch((error: unknown) => {
              seenConfirmed.delete(i);
              throw error;
            });
            confirmed.push(body);
          }
          return confirmed;
        },
        { timeout: options.timeoutMs ?? 60_000, interval: 250 },
      );
    },
    /** A token Google issued to another app for the same person. */
    async tokenForOtherApp(email: string): Promise<string> {
      const { accessToken } = await obtainAccessToken({
        emulatorUrl: google.url,
        clientId: OTHER_CLIENT.clientId,
        clientSecret: OTHER_CLIENT.clientSecret,
        redirectUri: OTHER_CLIENT.redirectUris[0]!,
        account: email,
      });
      return accessToken;
    },
    async stop() {
      await server?.stop();
      await proxy?.stop();
      await world.stop();
      await google.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestWorld = Awaited<ReturnType<typeof startTestWorld>>;
