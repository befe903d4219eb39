import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { openSqliteClaimStore } from "./sqlite-claim-store.ts";
import { MIGRATIONS } from "./sqlite-migrations.ts";

const STORE_MODULE = path.resolve(import.meta.dirname, "sqlite-claim-store.ts");
const dirs: string[] = [];

afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

/** Opens the store in a process of its own, as a server replica or a CLI does; resolves with 0 or what it printed. */
function openInAnotherProcess(dataDir: string, at: number): Promise<0 | string> {
  // Each process loads first, then all open together at `at`: their first statements on the file collide. They sleep
  // until just before it and spin only the last moment, which a timer alone would miss by a millisecond or more.
  const script = `const { openSqliteClaimStore } = await import(${JSON.stringify(STORE_MODULE)});
    await new Promise((resolve) => setTimeout(resolve, ${at} - 20 - Date.now()));
    while (Date.now() < ${at});
    const store = await openSqliteClaimStore({ dataDir: ${JSON.stringify(dataDir)} });
    await store.close();`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve(code === 0 ? 0 : `exit ${code}: ${stderr}`)));
}

/** The claims file as a server from before migration `version` left it, written without the store's code. */
function openAtVersion(dataDir: string, version: number): DatabaseSync {
  const older = new DatabaseSync(path.join(dataDir, "claims.sqlite"));
  for (const migration of MIGRATIONS.slice(0, version)) older.exec(migration);
  older.exec(`PRAGMA user_version = ${version}`);
  return older;
}

/** The schema version just before the step that moved the YouTube quota count into the counters' file. */
const QUOTA_IN_CLAIMS_VERSION = MIGRATIONS.findIndex((migration) => migration.includes("limits.youtube_quota"));

describe("opening the SQLite store", () => {
  it("when four processes open a fresh file at the same moment, then each opens it and the schema is migrated once", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-open-"));
    dirs.push(dataDir);

    const at = Date.now() + 4_000;
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => openInAnotherProcess(dataDir, at)));

    expect(outcomes).toEqual([0, 0, 0, 0]);
    const store = await openSqliteClaimStore({ dataDir });
    await expect(store.ping()).resolves.toBeUndefined();
    await store.close();
  });

  it("when a file from before claims dropped the e-mail is opened, then its claims are kept, read, and their e-mail erased once expired", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-upgrade-"));
    dirs.push(dataDir);
    // The schema version just before the step that made the e-mail column nullable.
    const older = openAtVersion(
      dataDir,
      MIGRATIONS.findIndex((migration) => migration.includes("google_email TEXT,")),
    );
    older
      .prepare(
        `INSERT INTO claims (id, wallet_address, google_sub, google_email, amount_wei, status, attempts, created_at, updated_at)
         VALUES ('older-claim', '0x${"ab".repeat(20)}', '1234567890', 'viewer@example.com', '1', 'confirmed', 1, 1, 1)`,
      )
      .run();
    older.close();

    const store = await openSqliteClaimStore({ dataDir, gateKey: "upgrade-test-gate-key-0123456789abcdef" });
    try {
      expect(await store.claims.findByGoogleSub("1234567890")).toMatchObject({
        id: "older-claim",
        status: "confirmed",
        // Confirmed under the rules of its day: final since then, so the mint loop does not check it again.
        finalAt: new Date(1),
      });
      expect(await store.claims.eraseExpired(new Date(2))).toBe(1);
      expect(await store.claims.findByGoogleSub("1234567890")).toMatchObject({ id: "older-claim" });
    } finally {
      await store.close();
    }
    const upgraded = new DatabaseSync(path.join(dataDir, "claims.sqlite"), { readOnly: true });
    expect(upgraded.prepare("SELECT google_sub, google_email FROM claims").get()).toEqual({
      google_sub: expect.stringMatching(/^hmac-sha256:/),
      google_email: null,
    });
    upgraded.close();
  });

  it("when a file from before the quota count moved is opened, then the day's count carries over and keeps counting", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-quota-upgrade-"));
    dirs.push(dataDir);
    const older = openAtVersion(dataDir, QUOTA_IN_CLAIMS_VERSION);
    older.exec("INSERT INTO youtube_quota (day, units) VALUES ('2026-11-23', 41), ('2026-11-24', 7)");
    older.close();

    const store = await openSqliteClaimStore({ dataDir });
    try {
      expect(await store.youtubeQuota.unitsOn("2026-11-23")).toBe(41);
      expect(await store.youtubeQuota.add("2026-11-24", 2)).toBe(9);
    } finally {
      await store.close();
    }
  });

  it("when the quota count's move was cut short after the counters' file took the count, then opening does not count it twice", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-quota-rerun-"));
    dirs.push(dataDir);
    const older = openAtVersion(dataDir, QUOTA_IN_CLAIMS_VERSION);
    older.exec("INSERT INTO youtube_quota (day, units) VALUES ('2026-11-23', 41)");
    older.prepare("ATTACH DATABASE ? AS limits").run(path.join(dataDir, "rate-limits.sqlite"));
    older.exec(`CREATE TABLE limits.youtube_quota (day TEXT PRIMARY KEY, units INTEGER NOT NULL);
      INSERT INTO limits.youtube_quota (day, units) VALUES ('2026-11-23', 41);`);
    older.close();

    const store = await openSqliteClaimStore({ dataDir });
    try {
      expect(await store.youtubeQuota.unitsOn("2026-11-23")).toBe(41);
    } finally {
      await store.close();
    }
  });
});
