import fs from "node:fs/promises";
import path from "node:path";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { SETTING_KEYS } from "@tube/backend/config";

const ROOT = path.resolve(import.meta.dirname, "../../..");

interface ComposeService {
  entrypoint?: string[];
  healthcheck?: { test?: string[] };
  ports?: unknown[];
  env_file?: unknown;
  environment?: Record<string, string> | string[];
}

async function services(): Promise<Record<string, ComposeService>> {
  const file = load(await fs.readFile(path.join(ROOT, "docker-compose.yml"), "utf8")) as {
    services: Record<string, ComposeService>;
  };
  return file.services;
}

function environmentOf(service: ComposeService): Record<string, string> {
  const { environment = {} } = service;
  if (!Array.isArray(environment)) return environment;
  return Object.fromEntries(environment.map((entry) => [entry.split("=")[0], entry.split("=").slice(1).join("=")]));
}

/** Settings of the server the compose app leaves unset on purpose, each with why. */
const LEFT_OUT: Partial<Record<(typeof SETTING_KEYS)[number], string>> = {
  DATA_DIR: "SQLite's files: the compose app's store is the compose MongoDB (MONGODB_URI)",
  GOOGLE_EMULATOR_URL: "the local world's Google stand-in, which production refuses",
};

describe("docker-compose.yml", () => {
  it("when compose starts MongoDB, then it publishes no port and requires credentials from the environment", async () => {
    const { mongodb } = await services();
    expect(mongodb).toBeDefined();
    expect(mongodb!.ports).toBeUndefined();
    const environment = environmentOf(mongodb!);
    for (const key of ["MONGO_INITDB_ROOT_USERNAME", "MONGO_INITDB_ROOT_PASSWORD"])
      expect(environment[key]).toMatch(new RegExp(`^\\$\\{${key}:\\?.+\\}$`));
  });

  it("when compose starts MongoDB, then as a replica set of one member, initiated once, since the store needs transactions", async () => {
    const { mongodb } = await services();
    expect(mongodb!.entrypoint?.join(" ")).toMatch(/docker-entrypoint\.sh mongod --replSet rs0 --keyFile /);
    expect(mongodb!.healthcheck?.test?.join(" ")).toMatch(
      /rs\.initiate\(\{ _id: 'rs0', members: \[\{ _id: 0, host: 'mongodb:27017' \}\] \}\)/,
    );
  });

  it("when compose starts the app, then it passes only settings the server reads, never the deployer's key", async () => {
    const { app } = await services();
    expect(app).toBeDefined();
    expect(app!.env_file).toBeUndefined();
    const environment = environmentOf(app!);
    expect(Object.keys(environment)).not.toContain("DEPLOYER_PRIVATE_KEY");
    expect(Object.values(environment).join("\n")).not.toContain("DEPLOYER_PRIVATE_KEY");

    const known = new Set<string>(SETTING_KEYS);
    expect(Object.keys(environment).filter((key) => !known.has(key))).toEqual([]);
  });

  it("when compose starts the app, then it passes every setting the server reads but those left out on purpose", async () => {
    const { app } = await services();
    const passed = Object.keys(environmentOf(app!));
    expect(SETTING_KEYS).toEqual(expect.arrayContaining(["CLAIM_GATE_KEY", ...Object.keys(LEFT_OUT)]));

    expect(SETTING_KEYS.filter((key) => !passed.includes(key) && !(key in LEFT_OUT))).toEqual([]);
    expect(passed.filter((key) => key in LEFT_OUT)).toEqual([]);
  });

  it("when the app connects to MongoDB, then it logs in with the same credentials", async () => {
    const { app } = await services();
    expect(environmentOf(app!).MONGODB_URI).toBe(
      "mongodb://${MONGO_INITDB_ROOT_USERNAME}:${MONGO_INITDB_ROOT_PASSWORD}@mongodb:27017/tube?authSource=admin",
    );
  });

  it("when the app is published, then only on loopback, for a reverse proxy on the host, trusted as one hop", async () => {
    const { app } = await services();
    expect(app!.ports).toEqual(["127.0.0.1:3000:3000"]);
    expect(environmentOf(app!).TRUST_PROXY).toBe("1");
  });
});
