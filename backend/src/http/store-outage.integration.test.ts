import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ERROR_CATALOGUE } from "@tube/common/errors";
import { RETRY_AFTER_SECONDS } from "../errors.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";

/**
 * The real server over its SQLite store while another connection, as a CLI or a stuck replica would, holds the
 * store's files in a write transaction. The busy time-out is cut to 1 ms so the outage answers at once.
 */
let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld({ tuning: { sqliteBusyTimeoutMs: 1 } });
});

afterAll(async () => {
  await world?.stop();
});

it("when the store's database is locked by another connection, then a write answers 503 with Retry-After and the catalogue's words", async () => {
  const dataDir = world.env.DATA_DIR as string;
  const holder = new DatabaseSync(path.join(dataDir, "claims.sqlite"));
  holder.prepare("ATTACH DATABASE ? AS limits").run(path.join(dataDir, "rate-limits.sqlite"));
  holder.exec("BEGIN IMMEDIATE");
  try {
    const response = await fetch(`${world.url}/api/claims`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ walletAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }),
    });

    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(await response.json()).toEqual({
      error: {
        code: "STORE_UNAVAILABLE",
        message: ERROR_CATALOGUE.STORE_UNAVAILABLE.message,
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      },
    });
  } finally {
    holder.close();
  }
});
