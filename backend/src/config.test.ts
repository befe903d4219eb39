import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, mayHoldKey } from "./config.ts";

const VALID = {
  GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "secret",
  YOUTUBE_CHANNEL_ID: "UCchannel",
  RPC_URL: "https://arb1.example/rpc/",
  TOKEN_ADDRESS: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
  REWARDS_ADDRESS: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
  THIRDWEB_SECRET_KEY: "sk",
  ENGINE_VAULT_ACCESS_TOKEN: "vt",
  ENGINE_SERVER_WALLET: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  THIRDWEB_CLIENT_ID: "client",
  ECOSYSTEM_ID: "ecosystem.tube",
};

describe("loadConfig", () => {
  it("when only the required settings are given, then the defaults point at production services", () => {
    const config = loadConfig(VALID);
    expect(config).toMatchObject({
      PORT: 3000,
      PUBLIC_URL: "http://localhost:3000",
      CHAIN_ID: 42161,
      RPC_URL: "https://arb1.example/rpc",
      ENGINE_URL: "https://engine.thirdweb.com",
      googleAuthUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      TRUST_PROXY: false,
    });
  });

  it("when a Google stand-in is configured, then the browser is sent to it", () => {
    expect(loadConfig({ ...VALID, GOOGLE_EMULATOR_URL: "http://127.0.0.1:9099/" }).googleAuthUrl).toBe(
      "http://127.0.0.1:9099/o/oauth2/v2/auth",
    );
  });

  it.each([
    ["1", 1],
    ["true", true],
    ["10.0.0.1, 10.0.0.2", ["10.0.0.1", "10.0.0.2"]],
  ])("when TRUST_PROXY is %s, then Express gets %j", (value, expected) => {
    expect(loadConfig({ ...VALID, TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it("when several settings are bad, then the error names every one of them", () => {
    expect(() => loadConfig({ ...VALID, TOKEN_ADDRESS: "0x12", RPC_URL: "", PORT: "http" })).toThrowError(
      /TOKEN_ADDRESS[\s\S]*RPC_URL|RPC_URL[\s\S]*TOKEN_ADDRESS/,
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
    expect(config.publicRpcUrl).toBe("https://arb1.arbitrum.io/rpc");
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

  it("when STORE=sqlite is given next to MONGODB_URI, then SQLite is opened", () => {
    expect(loadConfig({ ...VALID, MONGODB_URI: "mongodb://db", STORE: "sqlite" }).storeKind).toBe("sqlite");
    expect(loadConfig({ ...VALID, MONGODB_URI: "mongodb://db" }).storeKind).toBe("mongodb");
  });
});

describe("loadConfig in production", () => {
  const PRODUCTION = {
    ...VALID,
    NODE_ENV: "production",
    MONGODB_URI: "mongodb+srv://cluster.example/tube",
    TRUST_PROXY: "1",
    // VALID's addresses are anvil's public dev accounts, which production refuses.
    TOKEN_ADDRESS: "0x1111111111111111111111111111111111111111",
    REWARDS_ADDRESS: "0x3333333333333333333333333333333333333333",
    ENGINE_SERVER_WALLET: "0x2222222222222222222222222222222222222222",
  };

  it("when every setting is real, then it starts", () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ NODE_ENV: "production", storeKind: "mongodb", CHAIN_ID: 42161 });
  });

  it("when MONGODB_URI is missing, then it refuses naming it, unless STORE=sqlite comes with a DATA_DIR", () => {
    expect(() => loadConfig({ ...PRODUCTION, MONGODB_URI: "" })).toThrowError(
      /Refusing to start in production:[\s\S]*MONGODB_URI/,
    );
    expect(() => loadConfig({ ...PRODUCTION, MONGODB_URI: "", STORE: "sqlite" })).toThrowError(/MONGODB_URI/);
    expect(loadConfig({ ...PRODUCTION, MONGODB_URI: "", STORE: "sqlite", DATA_DIR: "/var/lib/tube" }).storeKind).toBe(
      "sqlite",
    );
  });

  it("when a Google stand-in URL is set, then it refuses naming GOOGLE_EMULATOR_URL", () => {
    expect(() => loadConfig({ ...PRODUCTION, GOOGLE_EMULATOR_URL: "http://127.0.0.1:9099" })).toThrowError(
      /GOOGLE_EMULATOR_URL/,
    );
  });

  it("when TRUST_PROXY is true, then it refuses and asks for a hop count or a proxy list", () => {
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: "true" })).toThrowError(/TRUST_PROXY: .*hop count/);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: "10.0.0.0/8" }).TRUST_PROXY).toEqual(["10.0.0.0/8"]);
  });

  it("when the chain is not Arbitrum One, then it refuses unless ALLOW_OTHER_CHAIN=true", () => {
    expect(() => loadConfig({ ...PRODUCTION, CHAIN_ID: "421614" })).toThrowError(/CHAIN_ID: is 421614/);
    expect(loadConfig({ ...PRODUCTION, CHAIN_ID: "421614", ALLOW_OTHER_CHAIN: "true" }).CHAIN_ID).toBe(421614);
  });

  it("when the local world's own settings are given, then it refuses naming every one of them", async () => {
    const { startLocalWorld } = await import("@tube/local-world/local-world");
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-config-"));
    const world = await startLocalWorld({ DATA_DIR: dataDir });
    try {
      const attempt = () =>
        loadConfig({ ...world.env, NODE_ENV: "production", MONGODB_URI: "mongodb://db", TRUST_PROXY: "1" });
      const keys = [
        "GOOGLE_CLIENT_ID",
        "GOOGLE_CLIENT_SECRET",
        "YOUTUBE_CHANNEL_ID",
        "THIRDWEB_CLIENT_ID",
        "THIRDWEB_SECRET_KEY",
      ];
      keys.push(
        "ENGINE_VAULT_ACCESS_TOKEN",
        "ENGINE_SERVER_WALLET",
        "TOKEN_ADDRESS",
        "REWARDS_ADDRESS",
        "ECOSYSTEM_ID",
        "GOOGLE_EMULATOR_URL",
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
