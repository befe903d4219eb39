import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import mongoose from "mongoose";
import { afterAll, afterEach, beforeAll, beforeEach, describe } from "vitest";
import { describeClaimStoreContract, TEST_GATE_KEY } from "./claim-store.contract.ts";
import { openMongoClaimStore } from "./mongo/mongo-claim-store.ts";
import { openSqliteClaimStore } from "./sqlite/sqlite-claim-store.ts";

describe("SQLite adapter", () => {
  let dataDir = "";

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "tube-claims-"));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  describeClaimStoreContract(
    "SQLite claim store",
    (options = { gateKey: TEST_GATE_KEY }) => openSqliteClaimStore({ dataDir, ...options }),
    async () => {
      const store = await openSqliteClaimStore({ dataDir, busyTimeoutMs: 1, gateKey: TEST_GATE_KEY });
      const holder = holdWriteLocks(dataDir);
      return {
        store,
        async end() {
          holder.close();
          await store.close();
        },
      };
    },
  );
});

/**
 * Another connection, as another process would hold it, inside a write transaction on both of the store's files
 * (its claims, and the rate limits attached beside them): until it closes, no other connection can write either.
 */
function holdWriteLocks(dataDir: string): DatabaseSync {
  const holder = new DatabaseSync(path.join(dataDir, "claims.sqlite"));
  holder.prepare("ATTACH DATABASE ? AS limits").run(path.join(dataDir, "rate-limits.sqlite"));
  holder.exec("BEGIN IMMEDIATE");
  return holder;
}

// No MongoDB server can run on the development machines; CI sets MONGODB_URI to run these.
const mongodbUri = process.env.MONGODB_URI;

describe.skipIf(!mongodbUri)(mongodbUri ? "MongoDB adapter" : "MongoDB adapter (skipped: MONGODB_URI not set)", () => {
  const runId = randomUUID().slice(0, 8);
  let testNumber = 0;
  let dbName = "";
  let admin: mongoose.Connection;

  beforeAll(async () => {
    admin = await mongoose.createConnection(mongodbUri!).asPromise();
  });

  beforeEach(() => {
    testNumber += 1;
    dbName = `tube-claims-test-${runId}-${testNumber}`;
  });

  afterEach(async () => {
    await admin.useDb(dbName).dropDatabase();
  });

  afterAll(async () => {
    await admin?.close();
  });

  describeClaimStoreContract(
    "MongoDB claim store",
    (options = { gateKey: TEST_GATE_KEY }) => openMongoClaimStore({ uri: mongodbUri!, dbName, ...options }),
    async () => {
      // A connection that is gone answers like a server that cannot be reached.
      const store = await openMongoClaimStore({ uri: mongodbUri!, dbName, gateKey: TEST_GATE_KEY });
      await store.close();
      return { store, end: async () => {} };
    },
  );
});
