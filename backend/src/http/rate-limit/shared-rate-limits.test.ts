import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Options } from "express-rate-limit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openMongoRateLimits } from "./mongo-rate-limit-store.ts";
import type { SharedRateLimits } from "./shared-rate-limits.ts";
import { openSqliteRateLimits } from "./sqlite-rate-limit-store.ts";

const WINDOW_MS = 60_000;

/** The same expectations for every adapter: two handles stand for two server processes on one database. */
function describeSharedRateLimits(name: string, open: () => Promise<SharedRateLimits>): void {
  describe(name, () => {
    const opened: SharedRateLimits[] = [];
    afterEach(async () => {
      vi.useRealTimers();
      for (const limits of opened.splice(0)) await limits.close();
    });

    async function storeOf(prefix = "writes:") {
      const limits = await open();
      opened.push(limits);
      const store = limits.storeFor(prefix);
      store.init?.({ windowMs: WINDOW_MS } as Options);
      return store;
    }

    it("when two handles count hits for one client, then they share one count and one window", async () => {
      const [first, second] = [await storeOf(), await storeOf()];
      const key = randomUUID();
      const a = await first.increment(key);
      const b = await second.increment(key);
      expect([a.totalHits, b.totalHits]).toEqual([1, 2]);
      expect(b.resetTime?.getTime()).toBe(a.resetTime?.getTime());
      expect((await first.get?.(key))?.totalHits).toBe(2);
    });

    it("when limiters use different prefixes, then their counts stay apart", async () => {
      const [writes, reads] = [await storeOf("writes:"), await storeOf("reads:")];
      const key = randomUUID();
      await writes.increment(key);
      expect((await reads.increment(key)).totalHits).toBe(1);
    });

    it("when a hit is taken back or the key is reset, then the count follows", async () => {
      const store = await storeOf();
      const key = randomUUID();
      await store.increment(key);
      await store.increment(key);
      await store.decrement(key);
      expect((await store.get?.(key))?.totalHits).toBe(1);
      await store.resetKey(key);
      expect(await store.get?.(key)).toBeUndefined();
    });

    it("when the window has ended, then the next hit opens a new one at 1", async () => {
      const store = await storeOf();
      const key = randomUUID();
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
      await store.increment(key);
      await store.increment(key);
      vi.setSystemTime(new Date("2026-11-23T10:01:00Z"));
      const next = await store.increment(key);
      expect(next.totalHits).toBe(1);
      expect(next.resetTime?.toISOString()).toBe("2026-11-23T10:02:00.000Z");
    });
  });
}

describe("SQLite rate-limit store", () => {
  let dataDir = "";
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    dataDir = "";
  });
  describeSharedRateLimits("SQLite", async () => {
    dataDir ||= await mkdtemp(path.join(tmpdir(), "tube-rate-limits-"));
    return openSqliteRateLimits({ dataDir });
  });
});

// No MongoDB server can run on the development machines; CI sets MONGODB_URI to run these.
const mongodbUri = process.env.MONGODB_URI;
describe.skipIf(!mongodbUri)(
  mongodbUri ? "MongoDB rate-limit store" : "MongoDB rate-limit store (skipped: MONGODB_URI not set)",
  () => {
    const dbName = `tube_rate_limits_${randomUUID().slice(0, 8)}`;
    describeSharedRateLimits("MongoDB", () => openMongoRateLimits({ uri: mongodbUri as string, dbName }));
  },
);
