import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { MULTICALL3_ADDRESS, REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { freePort } from "@tube/local-world/free-port";
import { randomWallet } from "@tube/local-world/mint-log";
import { startRpcProxy } from "@tube/local-world/rpc-proxy";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig, type Config } from "../config.ts";
import { AppError } from "../errors.ts";
import { createChainReader } from "../minting/chain-reader.ts";
import { startServer } from "../server.ts";
import { captureLogs } from "../test/log-capture.ts";
import { createTestApi } from "../test/test-api.ts";
import { testConfig } from "../test/test-config.ts";
import { OPERATOR_HEADERS, startTestWorld, type TestWorld } from "../test/test-world.ts";
import { TEST_WORLD_TUNING } from "../test/test-tuning.ts";
import { createLogger } from "./logger.ts";

/** A server starts without its upstreams, refuses claims until the chain setup holds, and names why to its operator. */
let world: TestWorld;
const tuning = { ...TEST_WORLD_TUNING, chainSetupRetryMs: 100, readinessCacheSeconds: 0 };

beforeAll(async () => {
  world = await startTestWorld({ inProcessApp: false });
});
afterAll(async () => {
  await world?.stop();
});

async function withServer(
  config: Config,
  test: (url: string, logs: ReturnType<typeof captureLogs>) => Promise<void>,
  staticDir?: string,
) {
  const logs = captureLogs();
  const server = await startServer(config, createLogger("info", logs.destination), { tuning, staticDir });
  try {
    await test(server.url, logs);
  } finally {
    await server.stop();
  }
}

const details = async (url: string) =>
  (await (await fetch(`${url}/readyz/details`, { headers: OPERATOR_HEADERS })).json()) as {
    ready: boolean;
    errors: Record<string, string>;
  };

async function expectNotReady(url: string, setupError: RegExp) {
  const readiness = await fetch(`${url}/readyz`);
  expect(readiness.status).toBe(503);
  expect(await readiness.json()).toEqual({ ready: false });
  const { ready, errors } = await details(url);
  expect(ready).toBe(false);
  expect(errors.setup).toMatch(setupError);
  const claim = await createTestApi(() => url).claim({ token: "ya29.unused", wallet: randomWallet() });
  expect(claim.status).toBe(503);
  expect(claim.body.error.code).toBe("MINTING_PAUSED");
  expect(Number(claim.retryAfter)).toBeGreaterThan(0);
}

/** A complete production configuration whose RPC and Engine listen nowhere; `store` says where the claims live. */
async function productionConfigWithNothingAnswering(store: { DATA_DIR: string } | { MONGODB_URI: string }) {
  const nobody = `https://127.0.0.1:${await freePort()}`;
  return loadConfig({
    NODE_ENV: "production",
    PORT: "0",
    ...store,
    PUBLIC_URL: "https://rewards.example",
    MAX_TOTAL_CLAIMS: "unlimited",
    GOOGLE_CLIENT_ID: "prod.apps.googleusercontent.com",
    GOOGLE_CLIENT_SECRET: "prod-secret",
    YOUTUBE_CHANNEL_ID: "UCprodchannelprodchannel",
    RPC_URL: nobody,
    ENGINE_URL: nobody,
    THIRDWEB_SECRET_KEY: "prod-secret-key",
    ENGINE_VAULT_ACCESS_TOKEN: "prod-vault-token",
    ENGINE_SERVER_WALLET: "0x1111111111111111111111111111111111111111",
    REWARDS_ADDRESS: "0x2222222222222222222222222222222222222222",
    ECOSYSTEM_ID: "ecosystem.prod",
    METRICS_TOKEN: randomBytes(32).toString("hex"),
  });
}

describe("the chain setup", () => {
  it("when a production server starts while nothing it depends on answers, then it serves /api/config, and /readyz is 503 naming nothing", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-setup-"));
    const config = await productionConfigWithNothingAnswering({ DATA_DIR: dataDir });
    const headers = { authorization: `Bearer ${config.METRICS_TOKEN}` };
    try {
      await withServer(config, async (url) => {
        expect((await fetch(`${url}/api/config`)).status).toBe(200);
        const readiness = await fetch(`${url}/readyz`);
        expect(readiness.status).toBe(503);
        expect(await readiness.text()).toBe(JSON.stringify({ ready: false }));
        const operator = await fetch(`${url}/readyz/details`, { headers });
        const { errors } = (await operator.json()) as { errors: Record<string, string> };
        expect(Object.keys(errors).sort()).toEqual(["chain", "engine", "setup"]);
        const claim = await createTestApi(() => url).claim({ token: "ya29.unused", wallet: randomWallet() });
        expect({ status: claim.status, code: claim.body.error.code }).toEqual({
          status: 503,
          code: "MINTING_PAUSED",
        });
        expect(claim.retryAfter).not.toBeNull();
      });
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it("when a production server starts while its MongoDB cannot be reached, then it serves /api/config, /readyz is 503 and the details name the store", async () => {
    const config = await productionConfigWithNothingAnswering({
      MONGODB_URI: `mongodb://127.0.0.1:${await freePort()}/tube`,
    });
    await withServer(config, async (url) => {
      expect((await fetch(`${url}/api/config`)).status).toBe(200);
      const readiness = await fetch(`${url}/readyz`);
      expect({ status: readiness.status, body: await readiness.text() }).toEqual({
        status: 503,
        body: JSON.stringify({ ready: false }),
      });
      const operator = await fetch(`${url}/readyz/details`, {
        headers: { authorization: `Bearer ${config.METRICS_TOKEN}` },
      });
      const { errors } = (await operator.json()) as { errors: Record<string, string> };
      expect(Object.keys(errors)).toContain("store");
      const claim = await createTestApi(() => url).claim({ token: "ya29.unused", wallet: randomWallet() });
      expect(claim.status).toBe(503);
      expect(["STORE_UNAVAILABLE", "MINTING_PAUSED"]).toContain(claim.body.error.code);
      expect(claim.retryAfter).not.toBeNull();
    });
  }, 60_000);

  it("when the RPC answers only after the start, then claims wait with a 503 and go through once it does", async () => {
    const rpc = await startRpcProxy({ upstreamUrl: world.rpcUrl });
    rpc.setUnreachable(true);
    const staticDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-setup-site-"));
    await fs.writeFile(path.join(staticDir, "index.html"), "<html><head><title>t</title></head><body></body></html>");
    const pageToken = async (url: string) => /"tokenAddress":"(\w*)"/.exec(await (await fetch(url)).text())?.[1];
    try {
      await withServer(
        testConfig({ ...world.env, RPC_URL: rpc.url }),
        async (url) => {
          await expectNotReady(url, /eth_chainId/);
          expect(await pageToken(url)).toBe("");
          const visitor = await world.visitor();
          expect((await world.api.claim(visitor)).status).toBe(503);

          rpc.setUnreachable(false);
          await vi.waitFor(async () => expect((await fetch(`${url}/readyz`)).status).toBe(200), {
            timeout: 15_000,
            interval: 100,
          });
          const { tokenAddress } = (await (await fetch(`${url}/api/config`)).json()) as { tokenAddress: string };
          expect(tokenAddress).toBe(world.tokenAddress);
          expect(await pageToken(url)).toBe(world.tokenAddress);
          expect((await world.api.claim(visitor)).status).toBe(202);
          await world.untilAllConfirmed([visitor]);
        },
        staticDir,
      );
    } finally {
      await rpc.stop();
      await fs.rm(staticDir, { recursive: true, force: true });
    }
  });

  it("when the rewards contract pays another amount than 250 TuBE, then the server stays not ready and says why", async () => {
    const code = await world.rpc<string>("eth_getCode", [world.rewardsAddress, "latest"]);
    const word = (value: bigint) => value.toString(16).padStart(64, "0");
    expect(code).toContain(word(REWARD_AMOUNT_WEI));
    const other = randomWallet();
    await world.rpc("anvil_setCode", [other, code.replaceAll(word(REWARD_AMOUNT_WEI), word(REWARD_AMOUNT_WEI + 1n))]);

    await withServer(testConfig({ ...world.env, PORT: "0", REWARDS_ADDRESS: other }), async (url, logs) => {
      const reason = `REWARDS_ADDRESS pays ${REWARD_AMOUNT_WEI + 1n} wei a reward, not the product's ${REWARD_AMOUNT_WEI}`;
      await expectNotReady(url, new RegExp(reason));
      expect(logs.lines).toContainEqual(expect.objectContaining({ level: 50, reason }));
    });
  });

  it("when REWARDS_ADDRESS holds no contract, then the server starts not ready, naming it", async () => {
    await withServer(testConfig({ ...world.env, PORT: "0", REWARDS_ADDRESS: randomWallet() }), async (url) => {
      await expectNotReady(url, /no contract at 0x/);
    });
  });

  it("when the RPC serves another chain than CHAIN_ID, then the server is not ready and names both chains", async () => {
    const served = Number(world.env.CHAIN_ID);
    const expected = served === 421614 ? 42161 : 421614;
    await withServer(testConfig({ ...world.env, PORT: "0", CHAIN_ID: String(expected) }), async (url, logs) => {
      const reason = `RPC_URL serves chain ${served}, not CHAIN_ID ${expected}`;
      await expectNotReady(url, new RegExp(reason));
      expect((await details(url)).errors.chain).toMatch(new RegExp(`${served}.*${expected}`));
      expect(logs.lines).toContainEqual(expect.objectContaining({ level: 50, reason }));
    });
  });

  it("when the chain has no Multicall3, then the server is not ready and the chain reader says the chain is not supported", async () => {
    const multicall = await world.rpc<string>("eth_getCode", [MULTICALL3_ADDRESS, "latest"]);
    await world.rpc("anvil_setCode", [MULTICALL3_ADDRESS, "0x"]);
    try {
      await withServer(testConfig({ ...world.env, PORT: "0" }), async (url) => {
        await expectNotReady(url, /not supported: it has no Multicall3/);
      });
      const config = testConfig(world.env);
      const reader = createChainReader({
        rpcUrl: world.rpcUrl,
        chainId: config.CHAIN_ID,
        rewardsAddress: config.REWARDS_ADDRESS,
        rewardAmountWei: REWARD_AMOUNT_WEI,
        finality: "latest",
        maxBatchCalls: 10,
      });
      const read = await reader.observe(randomWallet(), null).catch((error: unknown) => error);
      expect(read).toBeInstanceOf(AppError);
      expect(((read as AppError).cause as Error).message).toMatch(/this chain is not supported: no Multicall3/);
    } finally {
      await world.rpc("anvil_setCode", [MULTICALL3_ADDRESS, multicall]);
    }
  });
});
