import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLAIM_STORE_CHECKS } from "@tube/backend/store/claim-store-checks";
import { runOperatorCommandHere } from "./test/run-operator-command.ts";

/**
 * `npm run doctor -- --store` runs the store contract's checks against the configured store, in scratch storage it
 * drops: here the SQLite store, the one this machine can run (the contract test runs them on MongoDB when
 * MONGODB_URI is set).
 */
const SETTINGS = {
  GOOGLE_CLIENT_ID: "doctor-store.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "doctor-store-secret",
  YOUTUBE_CHANNEL_ID: "UCdoctorStoreCheck000000",
  RPC_URL: "http://127.0.0.1:1/never-called",
  REWARDS_ADDRESS: `0x${"2".repeat(40)}`,
  THIRDWEB_SECRET_KEY: "doctor-store-secret-key",
  ENGINE_VAULT_ACCESS_TOKEN: "doctor-store-vault-token",
  ENGINE_SERVER_WALLET: `0x${"3".repeat(40)}`,
  ECOSYSTEM_ID: "ecosystem.doctor-store",
};

const dataDirs: string[] = [];

afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "tube-doctor-store-"));
  dataDirs.push(dir);
  return dir;
}

function doctorStore(env: Record<string, string>) {
  return runOperatorCommandHere("doctor", ["--store"], { env: { ...SETTINGS, ...env } });
}

// Concurrent: each runs doctor on a directory of its own.
describe.concurrent("doctor --store", () => {
  it("when the SQLite store keeps the contract, then every check passes on its own line, the scratch directories are gone and doctor exits 0", async () => {
    const dataDir = await newDataDir();
    const { code, out } = await doctorStore({ DATA_DIR: dataDir });

    const lines = out.split("\n").filter((line) => line.startsWith("✔ Store, "));
    expect(lines).toEqual(CLAIM_STORE_CHECKS.map((check) => `✔ Store, ${check.area}: ${check.name}`));
    expect(out).toMatch(/^✔ Store, erasure: when claims are erased while a store without the key.*already claimed$/m);
    expect(out).toMatch(/^✔ Store, outage: .*STORE_UNAVAILABLE/m);
    expect(await readdir(dataDir)).toEqual([]);
    expect(code, out).toBe(0);
  });

  it("when the store cannot be opened, then that check fails, the others are not run, and doctor exits 1", async () => {
    const notADirectory = path.join(await newDataDir(), "a-file");
    await writeFile(notADirectory, "");

    const { code, out } = await doctorStore({ DATA_DIR: notADirectory });

    expect(out).toMatch(/^✘ Store, connection: when the store is opened, then ping resolves: .*a-file/m);
    expect(out.split("\n").filter((line) => line.startsWith("– Store, "))).toHaveLength(CLAIM_STORE_CHECKS.length - 1);
    expect(out).not.toMatch(/^✔ Store/m);
    expect(code).toBe(1);
  });
});
