import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse } from "dotenv";
import { Address, HdKey, Mnemonic } from "ox";
import { createThirdwebClient } from "thirdweb";
import { describe, expect, it } from "vitest";
import { YOUTUBE_QUOTA_RESERVE_UNITS } from "./claims/verification-admission.ts";
import {
  ConfigError,
  loadConfig,
  mayHoldKey,
  operatorSettingsSchema,
  parseSettings,
  settingsSchema,
  type Config,
} from "./config.ts";
import { SERVER_ENTRY_ARGS } from "./test/server-process.ts";

const VALID = {
  GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "secret",
  YOUTUBE_CHANNEL_ID: "UC_x5XG1OV2P6uZZ5FSM9Ttw",
  RPC_URL: "https://arb1.example/rpc/",
  REWARDS_ADDRESS: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
  THIRDWEB_SECRET_KEY: "sk",
  ENGINE_VAULT_ACCESS_TOKEN: "vt",
  ENGINE_SERVER_WALLET: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  ECOSYSTEM_ID: "ecosystem.tube",
};

describe("loadConfig", () => {
  it("when every setting is written out by hand, then it is not a Config: the app and test worlds take only what loadConfig made", () => {
    type HandWritten = { [K in keyof Config as K extends string ? K : never]: Config[K] };
    const handWritten: HandWritten = { ...loadConfig(VALID) };
    // @ts-expect-error: only loadConfig gives a Config its brand, so settings cannot drift from the schema
    const config: Config = handWritten;
    expect(config.PORT).toBe(3000);
  });

  it("when the daily YouTube quota is no more than the units kept in reserve, then start-up refuses naming it", () => {
    expect(() => loadConfig({ ...VALID, YOUTUBE_DAILY_QUOTA_UNITS: String(YOUTUBE_QUOTA_RESERVE_UNITS) })).toThrow(
      /YOUTUBE_DAILY_QUOTA_UNITS: must be more than the 500 units kept for verified viewers/,
    );
  });

  it("when only the required settings are given, then the defaults point at production services", () => {
    const config = loadConfig(VALID);
    expect(config).toMatchObject({
      PORT: 3000,
      PUBLIC_URL: "http://localhost:3000",
      CHAIN_ID: 42161,
      RPC_URL: "https://arb1.example/rpc",
      ENGINE_URL: "https://engine.thirdweb.com",
      publicConfig: { googleAuthUrl: "https://accounts.google.com/o/oauth2/v2/auth" },
      TRUST_PROXY: false,
    });
  });

  it("when the thirdweb secret key is given, then the browser gets the client id thirdweb derives from it", () => {
    expect(loadConfig(VALID).publicConfig.thirdwebClientId).toBe(
      createThirdwebClient({ secretKey: VALID.THIRDWEB_SECRET_KEY }).clientId,
    );
  });

  it("when a Google stand-in is configured, then the browser is sent to it", () => {
    expect(loadConfig({ ...VALID, GOOGLE_EMULATOR_URL: "http://127.0.0.1:9099/" }).publicConfig.googleAuthUrl).toBe(
      "http://127.0.0.1:9099/o/oauth2/v2/auth",
    );
  });

  it.each([
    ["1", 1],
    ["true", true],
    ["10.0.0.1, 10.0.0.2", ["10.0.0.1", "10.0.0.2"]],
    [
      "loopback,172.16.0.0/12,fd00::/8,192.168.0.0/255.255.0.0",
      ["loopback", "172.16.0.0/12", "fd00::/8", "192.168.0.0/255.255.0.0"],
    ],
  ])("when TRUST_PROXY is %s, then Express gets %j", (value, expected) => {
    expect(loadConfig({ ...VALID, TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it("when TRUST_PROXY holds a range Express cannot read, then the config error lists each, and no Express error is thrown", () => {
    const attempt = () =>
      loadConfig({ ...VALID, TRUST_PROXY: "0.0.0.0/0, 10.0.0.0/8, 10.0.0.0/33, proxy.internal, ::/129" });
    expect(attempt).toThrowError(ConfigError);
    expect(attempt).toThrowError(
      /\n {2}TRUST_PROXY: has 0\.0\.0\.0\/0, 10\.0\.0\.0\/33, proxy\.internal, ::\/129: not an address/,
    );
  });

  it("when not in production, then the server listens on loopback only; in production, on every interface", () => {
    expect(loadConfig(VALID).listenHost).toBe("127.0.0.1");
    expect(loadConfig({ ...VALID, NODE_ENV: "test" }).listenHost).toBe("127.0.0.1");
  });

  it("when several settings are bad, then the error names every one of them", () => {
    expect(() => loadConfig({ ...VALID, REWARDS_ADDRESS: "0x12", RPC_URL: "", PORT: "http" })).toThrowError(
      /REWARDS_ADDRESS[\s\S]*RPC_URL|RPC_URL[\s\S]*REWARDS_ADDRESS/,
    );
    expect(() => loadConfig({ ...VALID, PORT: "http" })).toThrowError(/PORT/);
  });

  it("when RPC_URL carries a provider key and no PUBLIC_RPC_URL is given, then start-up refuses rather than publish it", () => {
    expect(() =>
      loadConfig({ ...VALID, RPC_URL: "https://arb-mainnet.g.alchemy.com/v2/abcdEFGHijklMNOPqrstUVWX" }),
    ).toThrowError(/PUBLIC_RPC_URL/);
  });

  it("when PUBLIC_RPC_URL is given, then the browser gets it and never the server's RPC_URL", () => {
    const config = loadConfig({
      ...VALID,
      RPC_URL: "https://arb1.example/rpc?key=secret",
      PUBLIC_RPC_URL: "https://arb1.arbitrum.io/rpc",
    });
    expect(config.publicConfig.rpcUrl).toBe("https://arb1.arbitrum.io/rpc");
    expect(config.RPC_URL).toBe("https://arb1.example/rpc?key=secret");
  });

  it.each([
    ["https://arb1.arbitrum.io/rpc", false],
    ["http://127.0.0.1:8545", false],
    ["https://arbitrum-mainnet.infura.io/v3/0123456789abcdef0123456789abcdef", true],
    ["https://user:pass@rpc.example", true],
    ["https://rpc.example/?apikey=1", true],
  ])("when the RPC URL is %s, then it may hold a key: %s", (url, expected) => {
    expect(mayHoldKey(url)).toBe(expected);
  });

  it("when MONGODB_URI is set, then MongoDB is opened; unset, SQLite", () => {
    expect(loadConfig({ ...VALID, MONGODB_URI: "mongodb://db" }).storeKind).toBe("mongodb");
    expect(loadConfig(VALID).storeKind).toBe("sqlite");
  });

  it.each([
    ["42161", "https://arbiscan.io"],
    ["421614", "https://sepolia.arbiscan.io"],
  ])("when the chain is %s, then transaction links point at %s", (chainId, explorerUrl) => {
    expect(loadConfig({ ...VALID, CHAIN_ID: chainId }).publicConfig.explorerUrl).toBe(explorerUrl);
  });

  it("when the chain is neither Arbitrum One nor Arbitrum Sepolia, then it refuses naming CHAIN_ID, in any environment", () => {
    expect(() => loadConfig({ ...VALID, CHAIN_ID: "31337" })).toThrowError(
      /Invalid configuration:\n {2}CHAIN_ID: is 31337: the app runs on Arbitrum One \(42161\), or Arbitrum Sepolia \(421614\)/,
    );
  });

  it.each([
    [undefined, undefined],
    ["unlimited", undefined],
    ["500", 500],
  ])("when MAX_TOTAL_CLAIMS is %s, then the budget is %s", (value, expected) => {
    expect(loadConfig({ ...VALID, MAX_TOTAL_CLAIMS: value }).MAX_TOTAL_CLAIMS).toBe(expected);
  });

  it.each([
    ["a handle", "@tubechannel", /that is a handle/],
    [
      "the channel's URL",
      "https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw",
      /did you mean UC_x5XG1OV2P6uZZ5FSM9Ttw\?/,
    ],
    ["a handle's URL", "https://www.youtube.com/@tubechannel", /that is a handle/],
    ["a typo (a character short)", "UC_x5XG1OV2P6uZZ5FSM9Tt", /not a YouTube channel id/],
    ["a user id instead of a channel id", "GoogleDevelopers", /not a YouTube channel id/],
  ])("when YOUTUBE_CHANNEL_ID is %s, then start-up refuses naming the key and what was given", (_what, value, hint) => {
    const refusal = () => loadConfig({ ...VALID, YOUTUBE_CHANNEL_ID: value });
    expect(refusal).toThrowError(ConfigError);
    expect(refusal).toThrowError(new RegExp(`\\n  YOUTUBE_CHANNEL_ID: is "${value.replace(/[.?]/g, "\\$&")}"`));
    expect(refusal).toThrowError(hint);
  });

  it("when YOUTUBE_CHANNEL_ID is a channel id, then it is taken as given", () => {
    expect(loadConfig(VALID).YOUTUBE_CHANNEL_ID).toBe("UC_x5XG1OV2P6uZZ5FSM9Ttw");
  });

  it.each(["0", "-1", "1.5", "lots"])("when MAX_TOTAL_CLAIMS is %s, then it is refused", (value) => {
    expect(() => loadConfig({ ...VALID, MAX_TOTAL_CLAIMS: value })).toThrowError(
      /MAX_TOTAL_CLAIMS: must be a positive whole number or unlimited/,
    );
  });
});

describe("loadConfig in production", () => {
  const PRODUCTION = {
    ...VALID,
    NODE_ENV: "production",
    PUBLIC_URL: "https://rewards.example",
    MONGODB_URI: "mongodb+srv://cluster.example/tube",
    MAX_TOTAL_CLAIMS: "10000",
    TRUST_PROXY: "10.0.0.0/8",
    // VALID's addresses are anvil's public dev accounts, which production refuses.
    REWARDS_ADDRESS: "0x3333333333333333333333333333333333333333",
    ENGINE_SERVER_WALLET: "0x2222222222222222222222222222222222222222",
    METRICS_TOKEN: "3f9c2a7e5b1d4860c7a2e9f1b3d5a7c9",
  };

  it("when the server wallet is any of anvil's ten dev accounts, then it refuses naming ENGINE_SERVER_WALLET", () => {
    const root = Mnemonic.toHdKey("test test test test test test test test test test test junk");
    for (let index = 0; index < 10; index++) {
      const address = Address.fromPublicKey(root.derive(HdKey.path({ index })).publicKey);
      expect(() => loadConfig({ ...PRODUCTION, ENGINE_SERVER_WALLET: address })).toThrowError(
        /\n {2}ENGINE_SERVER_WALLET: is the local world's default/,
      );
    }
  });

  it("when every setting is real, then it starts", () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ NODE_ENV: "production", storeKind: "mongodb", CHAIN_ID: 42161 });
  });

  it("when MONGODB_URI is missing, then it refuses naming it, unless an explicit DATA_DIR says where SQLite keeps the claims", () => {
    expect(() => loadConfig({ ...PRODUCTION, MONGODB_URI: "" })).toThrowError(
      /Refusing to start in production:[\s\S]*\n {2}MONGODB_URI: is required in production \(or an explicit DATA_DIR/,
    );
    expect(loadConfig({ ...PRODUCTION, MONGODB_URI: "", DATA_DIR: "/var/lib/tube" }).storeKind).toBe("sqlite");
  });

  it("when the operator copied .env.example and left MONGODB_URI empty, then it still refuses naming MONGODB_URI", async () => {
    const example = parse(await fs.readFile(path.resolve(import.meta.dirname, "../../.env.example"), "utf8"));
    expect(() => loadConfig({ ...PRODUCTION, MONGODB_URI: "", DATA_DIR: example.DATA_DIR })).toThrowError(
      /\n {2}MONGODB_URI: is required in production/,
    );
  });

  it("when PUBLIC_URL is missing or plain http, then it refuses naming it", () => {
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: "" })).toThrowError(
      /\n {2}PUBLIC_URL: is required in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: "http://rewards.example" })).toThrowError(
      /\n {2}PUBLIC_URL: must be https/,
    );
  });

  it("when MAX_TOTAL_CLAIMS is missing, then it refuses naming it, and unlimited must be said", () => {
    expect(() => loadConfig({ ...PRODUCTION, MAX_TOTAL_CLAIMS: "" })).toThrowError(
      /\n {2}MAX_TOTAL_CLAIMS: is required in production/,
    );
    expect(loadConfig({ ...PRODUCTION, MAX_TOTAL_CLAIMS: "unlimited" }).MAX_TOTAL_CLAIMS).toBeUndefined();
  });

  it.each([
    ["ENGINE_URL", "http://engine.example"],
    ["RPC_URL", "http://arb1.example/rpc"],
    ["PUBLIC_RPC_URL", "http://arb1.arbitrum.io/rpc"],
  ])("when %s is plain http, then it refuses naming it", (key, value) => {
    expect(() => loadConfig({ ...PRODUCTION, [key]: value })).toThrowError(
      new RegExp(`^Refusing to start in production:\\n  ${key}: must be https in production: [^\\n]+$`),
    );
  });

  it("when DEPLOYER_PRIVATE_KEY is in the server's environment, then it refuses naming it", () => {
    const key = `0x${"ab".repeat(32)}`;
    expect(() => loadConfig({ ...PRODUCTION, DEPLOYER_PRIVATE_KEY: key })).toThrowError(
      /\n {2}DEPLOYER_PRIVATE_KEY: is set: .*npm run deploy-token/,
    );
    expect(() => loadConfig({ ...PRODUCTION, DEPLOYER_PRIVATE_KEY: "" })).not.toThrow();
  });

  it("when schema errors and production refusals come together, then one message names every one, a line each", () => {
    const attempt = () =>
      loadConfig({
        ...PRODUCTION,
        REWARDS_ADDRESS: "0x12",
        MONGODB_URI: "",
        RPC_URL: "http://arb1.example/rpc",
        DEPLOYER_PRIVATE_KEY: `0x${"ab".repeat(32)}`,
      });
    expect(attempt).toThrowError(ConfigError);
    let message = "";
    try {
      attempt();
    } catch (error) {
      message = (error as Error).message;
    }
    const [heading, ...lines] = message.split("\n");
    expect(heading).toBe("Refusing to start in production:");
    expect(lines.map((line) => line.split(":")[0])).toEqual(
      expect.arrayContaining(["  REWARDS_ADDRESS", "  MONGODB_URI", "  RPC_URL", "  DEPLOYER_PRIVATE_KEY"]),
    );
    expect(lines).toHaveLength(4);
  });

  it("when the server entry is started on a bad production env, then it prints every problem, no stack trace, and exits 1", async () => {
    // An empty directory, so no developer's .env leaks in.
    const cwd = await fs.mkdtemp(path.join(os.tmpdir(), "tube-config-"));
    try {
      const child = spawn(process.execPath, SERVER_ENTRY_ARGS, {
        cwd,
        env: {
          PATH: process.env.PATH ?? "",
          ...PRODUCTION,
          REWARDS_ADDRESS: "0x12",
          MONGODB_URI: "",
          RPC_URL: "http://arb1.example/rpc",
          DEPLOYER_PRIVATE_KEY: `0x${"ab".repeat(32)}`,
        },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((resolve) => child.once("exit", resolve));
      expect(stderr).toMatch(/^Refusing to start in production:\n/);
      for (const key of ["REWARDS_ADDRESS", "MONGODB_URI", "RPC_URL", "DEPLOYER_PRIVATE_KEY"])
        expect(stderr).toMatch(new RegExp(`\\n  ${key}: `));
      expect(stderr).not.toContain("    at ");
      expect(stdout).toBe("");
      expect(code).toBe(1);
    } finally {
      await fs.rm(cwd, { recursive: true, force: true });
    }
  }, 30_000);

  it("when a Google stand-in URL is set, then it refuses naming GOOGLE_EMULATOR_URL", () => {
    expect(() => loadConfig({ ...PRODUCTION, GOOGLE_EMULATOR_URL: "http://127.0.0.1:9099" })).toThrowError(
      /GOOGLE_EMULATOR_URL/,
    );
  });

  it.each(["true", "1", "2"])(
    "when TRUST_PROXY is %s, then it refuses and asks for the proxies' addresses",
    (value) => {
      expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: value })).toThrowError(
        /\n {2}TRUST_PROXY: is a hop count or true.*the proxies' addresses or ranges/,
      );
    },
  );

  it.each([
    "0.0.0.0/1,128.0.0.0/1",
    "0.0.0.0/1,128.0.0.0/2,192.0.0.0/2,::1",
    "::/1,8000::/1",
    "::ffff:0:0/96",
    "10.0.0.1,0.0.0.0/1,128.0.0.0/1,::/1,8000::/1",
  ])("when TRUST_PROXY is %s, which together trusts every address, then it refuses naming it", (value) => {
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: value })).toThrowError(
      /\n {2}TRUST_PROXY: covers every address/,
    );
  });

  it("when TRUST_PROXY names the proxies (or nothing is in front), then it starts, listening on every interface", () => {
    for (const value of ["false", "10.0.0.0/8", "0.0.0.0/1,128.0.0.0/2", "172.16.0.0/12,192.168.0.0/16", "uniquelocal"])
      expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: value })).not.toThrow();
    expect(loadConfig(PRODUCTION).listenHost).toBeUndefined();
  });

  it("when the chain is Arbitrum Sepolia (a rehearsal), then it starts; another chain is refused naming CHAIN_ID", () => {
    expect(loadConfig({ ...PRODUCTION, CHAIN_ID: "421614" }).CHAIN_ID).toBe(421614);
    expect(() => loadConfig({ ...PRODUCTION, CHAIN_ID: "1" })).toThrowError(
      /Refusing to start in production:[\s\S]*\n {2}CHAIN_ID: is 1: /,
    );
  });

  it("when METRICS_TOKEN is missing, short or far from random, then it refuses naming it; outside production it may be unset", () => {
    expect(() => loadConfig({ ...PRODUCTION, METRICS_TOKEN: "" })).toThrowError(/\n {2}METRICS_TOKEN: is required/);
    for (const token of ["short", "a".repeat(32), "ab".repeat(32), "abc".repeat(11)])
      expect(() => loadConfig({ ...PRODUCTION, METRICS_TOKEN: token })).toThrowError(
        /METRICS_TOKEN: is short or far from random/,
      );
    expect(loadConfig(VALID).METRICS_TOKEN).toBeUndefined();
  });

  it("when the local world's own settings are given, then it refuses naming every one of them", async () => {
    const { startLocalWorld } = await import("@tube/local-world/local-world");
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-config-"));
    const world = await startLocalWorld({ DATA_DIR: dataDir });
    try {
      const attempt = () =>
        loadConfig({ ...world.env, NODE_ENV: "production", MONGODB_URI: "mongodb://db", TRUST_PROXY: "1" });
      const keys = ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "YOUTUBE_CHANNEL_ID", "THIRDWEB_SECRET_KEY"];
      keys.push(
        "ENGINE_VAULT_ACCESS_TOKEN",
        "ENGINE_SERVER_WALLET",
        "REWARDS_ADDRESS",
        "ECOSYSTEM_ID",
        "GOOGLE_EMULATOR_URL",
        "METRICS_TOKEN",
      );
      for (const key of keys) expect(attempt).toThrowError(new RegExp(`\\n  ${key}: `));
      // The same values outside production are the local world working as meant.
      expect(loadConfig(world.env).GOOGLE_EMULATOR_URL).toBe(world.env.GOOGLE_EMULATOR_URL);
    } finally {
      await world.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("parseSettings", () => {
  it("when an operator command's settings are bad, then it names each by the server's rules, and fills the server's defaults", () => {
    const schema = settingsSchema
      .pick({ RPC_URL: true, CHAIN_ID: true, ENGINE_SERVER_WALLET: true, MAX_TOTAL_CLAIMS: true })
      .extend({ DEPLOYER_PRIVATE_KEY: operatorSettingsSchema.shape.DEPLOYER_PRIVATE_KEY });
    const refusal = (() => {
      try {
        parseSettings(schema, { RPC_URL: "ftp://x", ENGINE_SERVER_WALLET: "0x12", DEPLOYER_PRIVATE_KEY: "0xnope" });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as Error).message.split("\n").map((line) => line.trim().split(":")[0])).toEqual([
      "Invalid configuration",
      "RPC_URL",
      "ENGINE_SERVER_WALLET",
      "DEPLOYER_PRIVATE_KEY",
    ]);
    expect((refusal as Error).message).not.toContain("0xnope");

    expect(
      parseSettings(schema, { RPC_URL: "https://rpc.example/", ENGINE_SERVER_WALLET: VALID.ENGINE_SERVER_WALLET }),
    ).toEqual({
      RPC_URL: "https://rpc.example",
      CHAIN_ID: 42161,
      ENGINE_SERVER_WALLET: VALID.ENGINE_SERVER_WALLET,
      MAX_TOTAL_CLAIMS: undefined,
      DEPLOYER_PRIVATE_KEY: undefined,
    });
  });
});
