import { randomUUID } from "node:crypto";
import type { Options } from "express-rate-limit";
import { afterEach, expect, it } from "vitest";
import type { ClaimStore } from "../../store/claim-store.ts";
import { openSqliteClaimStore } from "../../store/sqlite/sqlite-claim-store.ts";
import { fixedWindowStore } from "./fixed-window-store.ts";

let store: ClaimStore | undefined;
afterEach(async () => {
  await store?.close();
});

it("when limiters use different prefixes on one store's counters, then their counts stay apart", async () => {
  store = await openSqliteClaimStore({ filename: ":memory:" });
  const [writes, reads] = [fixedWindowStore("writes:", store.rateLimits), fixedWindowStore("reads:", store.rateLimits)];
  for (const limiter of [writes, reads]) limiter.init?.({ windowMs: 60_000 } as Options);
  const key = randomUUID();

  await writes.increment(key);

  expect((await reads.increment(key)).totalHits).toBe(1);
  expect((await writes.increment(key)).totalHits).toBe(2);
});
