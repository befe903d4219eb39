import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const VALID = {
  GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "secret",
  YOUTUBE_CHANNEL_ID: "UCchannel",
  RPC_URL: "https://arb1.example/rpc/",
  TOKEN_ADDRESS: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
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
    expect(loadConfig({ ...VALID, GOOGLE_EMULATOR_URL: "http://127.0.0.1:9099/" }).googleAuthUrl).toBe("http://127.0.0.1:9099/o/oauth2/v2/auth");
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
});
