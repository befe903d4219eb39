import fs from "node:fs/promises";
import path from "node:path";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { settingsSchema } from "@tube/backend/config";

const ROOT = path.resolve(import.meta.dirname, "../../..");

interface ComposeService {
  entrypoint?: string[];
  healthcheck?: { test?: string[] };
  ports?: unknown[];
  env_file?: Array<{ path: string; required: boolean }>;
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

describe("docker-compose.yml", () => {
  it("when compose starts MongoDB, then it publishes no port and requires its password from the environment", async () => {
    const { mongodb } = await services();
    expect(mongodb).toBeDefined();
    expect(mongodb!.ports).toBeUndefined();
    expect(environmentOf(mongodb!).MONGO_INITDB_ROOT_PASSWORD).toMatch(/^\$\{MONGO_INITDB_ROOT_PASSWORD:\?.+\}$/);
  });

  it("when compose starts MongoDB, then as a replica set of one member, initiated once, as production's is", async () => {
    const { mongodb } = await services();
    expect(mongodb!.entrypoint?.join(" ")).toMatch(/docker-entrypoint\.sh mongod --replSet rs0 --keyFile /);
    expect(mongodb!.healthcheck?.test?.join(" ")).toMatch(
      /rs\.initiate\(\{ _id: 'rs0', members: \[\{ _id: 0, host: 'mongodb:27017' \}\] \}\)/,
    );
  });

  it("when compose starts the app, then in production, which refuses the deployer's key or a stand-in left in .env", async () => {
    const { app } = await services();
    expect(app!.env_file).toEqual([{ path: ".env", required: false }]);
    expect(environmentOf(app!).NODE_ENV).toBe("production");
  });

  it("when the app connects to MongoDB, then it logs in with the same credentials", async () => {
    const { app, mongodb } = await services();
    expect(environmentOf(mongodb!).MONGO_INITDB_ROOT_USERNAME).toBe("tube");
    expect(environmentOf(app!).MONGODB_URI).toBe(
      "mongodb://tube:${MONGO_INITDB_ROOT_PASSWORD}@mongodb:27017/tube?authSource=admin",
    );
  });

  it("when the app is published, then only on loopback, for a reverse proxy on the host trusted at Docker's bridge gateways", async () => {
    const { app } = await services();
    expect(app!.ports).toEqual(["127.0.0.1:3000:3000"]);
    expect(environmentOf(app!).TRUST_PROXY).toBe("172.16.0.0/12,192.168.0.0/16");
  });

  it("when compose starts the app, then its environment passes on every setting the server reads", async () => {
    const { app } = await services();
    const environment = environmentOf(app!);
    expect(Object.keys(environment).sort()).toEqual(Object.keys(settingsSchema.shape).sort());
    expect(environment.RPC_URL).toBe("${RPC_URL:-}");
  });
});
