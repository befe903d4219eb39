import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openSqliteClaimStore } from "./sqlite-claim-store.ts";

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

  it("when DATA_DIR cannot be written, then opening refuses naming DATA_DIR and why, not SQLite's bare error", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-open-"));
    dirs.push(dir);
    await fs.writeFile(path.join(dir, "a-file"), "");
    const dataDir = path.join(dir, "a-file", "data");

    await expect(openSqliteClaimStore({ dataDir })).rejects.toThrow(
      new RegExp(`^Refusing to start:\\n  DATA_DIR: ${dataDir} is not writable by this user \\(uid \\d+\\): ENOTDIR`),
    );
  });
});
