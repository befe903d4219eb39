/** The ClaimStore contract, runner-free: vitest runs it on each adapter, `doctor -- --store` on the operator's. */
import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";
import type { ClaimFilter, ClaimRecord, ClaimRepository, NewClaim, ReserveResult } from "./claim-repository.ts";
import type { ClaimStore } from "./claim-store.ts";
import { openMongoClaimStore, openMongoConnection } from "./mongo/mongo-claim-store.ts";
import { openSqliteClaimStore } from "./sqlite/sqlite-claim-store.ts";
import { holdWriteLocks } from "./sqlite/sqlite-database.ts";

/** One check's storage, empty until used; `drop` deletes it. */
export interface ScratchStorage {
  open(options: { gateKey?: string }): Promise<ClaimStore>;
  /** A store its database cannot serve, until `end`. */
  openUnavailable(): Promise<{ store: ClaimStore; end(): Promise<void> }>;
  drop(): Promise<void>;
}

export interface ClaimStoreCheck {
  /** For doctor's checklist. */
  area: string;
  /** "when …, then …" */
  name: string;
  /** `open` uses `CHECK_GATE_KEY` by default; every store opened is closed at the check's end. */
  run(storage: {
    open(options?: { gateKey?: string }): Promise<ClaimStore>;
    close(store: ClaimStore): Promise<void>;
    openUnavailable: ScratchStorage["openUnavailable"];
  }): Promise<void>;
}

/** The CLAIM_GATE_KEY every checked store is opened with: never the operator's. */
const CHECK_GATE_KEY = "contract-test-gate-key-0123456789abcdef";
const OTHER_GATE_KEY = "contract-test-other-gate-key-0123456789ab";

const WINDOW_MS = 60_000;

/** Past SQLite's busy time-out and MongoDB's 10 s server selection. */
const OUTAGE_ANSWER_DEADLINE_MS = 30_000;

export async function runClaimStoreCheck(
  check: ClaimStoreCheck,
  scratchStorage: () => ScratchStorage | Promise<ScratchStorage>,
) {
  const storage = await scratchStorage();
  const opened = new Set<ClaimStore>();
  const close = async (store: ClaimStore) => {
    opened.delete(store);
    await store.close();
  };
  try {
    await check.run({
      async open(options = { gateKey: CHECK_GATE_KEY }) {
        const store = await storage.open(options);
        opened.add(store);
        return store;
      },
      close,
      openUnavailable: () => storage.openUnavailable(),
    });
  } finally {
    try {
      await Promise.all([...opened].map(close));
    } finally {
      await storage.drop();
    }
  }
}

/** Under doctor's DATA_DIR, so a check meets that filesystem's locks. */
export async function sqliteScratchStorage(parentDir: string): Promise<ScratchStorage> {
  await fs.mkdir(parentDir, { recursive: true });
  const dataDir = await fs.mkdtemp(path.join(parentDir, "tube-store-check-"));
  return {
    open: ({ gateKey }) => openSqliteClaimStore({ dataDir, gateKey }),
    async openUnavailable() {
      const store = await openSqliteClaimStore({ dataDir, busyTimeoutMs: 1, gateKey: CHECK_GATE_KEY });
      const holder = holdWriteLocks(dataDir);
      return {
        store,
        async end() {
          holder.close();
          await store.close();
        },
      };
    },
    drop: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

/** The URI's user must be allowed to drop the check's database. */
export function mongoScratchStorage(uri: string): ScratchStorage {
  const dbName = `tube-store-check-${randomBytes(6).toString("hex")}`;
  return {
    open: ({ gateKey }) => openMongoClaimStore({ uri, dbName, gateKey }),
    async openUnavailable() {
      // A connection that is gone answers like a server that cannot be reached.
      const store = await openMongoClaimStore({ uri, dbName, gateKey: CHECK_GATE_KEY });
      await store.close();
      return { store, end: async () => {} };
    },
    async drop() {
      const connection = await openMongoConnection({ uri, dbName });
      try {
        await connection.dropDatabase();
      } finally {
        await connection.close();
      }
    },
  };
}

/** When it fails, no other can pass. */
export const STORE_OPENS_CHECK: ClaimStoreCheck = {
  area: "connection",
  name: "when the store is opened, then ping resolves",
  async run({ open }) {
    const store = await open();

    assert.equal(await store.ping(), undefined);
  },
};

export const CLAIM_STORE_CHECKS: readonly ClaimStoreCheck[] = [
  STORE_OPENS_CHECK,
  {
    area: "claims",
    name: "when a claim is reserved, with or without its first attempt, then it can be found by id, wallet and Google account, also once the store is reopened; before, every lookup returns null",
    async run({ open, close }) {
      const store = await open();
      const claim = newClaim();
      assert.equal(await store.claims.findById(claim.id), null);
      assert.equal(await store.claims.findByWallet(claim.walletAddress), null);
      assert.equal(await store.claims.findByGoogleSub(claim.googleSub), null);

      const result = await store.claims.reserve(claim);

      assert.ok(result.reserved);
      const { lease, ...given } = claim;
      const expected = {
        ...given,
        walletAddress: claim.walletAddress.toLowerCase(),
        status: "reserved",
        engineTransactionId: null,
        txHash: null,
        attempts: 0,
        lastError: null,
        attemptAtBlock: null,
        leaseOwner: lease.owner,
        leaseUntil: lease.until,
        finalAt: null,
      };
      const found = [
        result.claim,
        await store.claims.findById(claim.id),
        await store.claims.findByWallet(claim.walletAddress.toUpperCase().replace("0X", "0x")),
        await store.claims.findByGoogleSub(claim.googleSub),
      ];
      for (const record of found) {
        assert.ok(record);
        const { createdAt, updatedAt, ...rest } = record;
        assert.ok(createdAt instanceof Date && updatedAt instanceof Date);
        assert.deepEqual(rest, expected);
      }

      const queued = newClaim({ firstAttempt: { engineTransactionId: "engine-tx-1", attemptAtBlock: 9n } });
      const reservation = await store.claims.reserve(queued);
      const written = { status: "queued", attempts: 1, engineTransactionId: "engine-tx-1", attemptAtBlock: 9n };
      assert.ok(reservation.reserved);
      assert.partialDeepStrictEqual(reservation.claim, written);
      assert.partialDeepStrictEqual(await store.claims.findById(queued.id), written);

      await store.claims.transition(claim.id, ["reserved"], { status: "queued", engineTransactionId: "engine-tx-2" });
      await close(store);
      const reopened = await open();
      assert.partialDeepStrictEqual(await reopened.claims.findById(claim.id), { engineTransactionId: "engine-tx-2" });
      assert.partialDeepStrictEqual(await reopened.claims.findById(queued.id), written);
      const sameWallet = newClaim({ walletAddress: claim.walletAddress });
      assertConflict(await reopened.claims.reserve(sameWallet), "wallet", claim.id);
    },
  },
  {
    area: "claims",
    name: "when claims are in every status, then listUnfinished, listAwaitingFinality and list return the matching ones oldest first, with finalAt as written",
    async run({ open }) {
      const { claims } = await open();
      const ids = await reserveSeven(claims);
      const [submitted, awaitingOlder, queued, failed, final, awaitingNewer, reserved] = ids;
      const finalAt = new Date(Date.now() - 1_000);
      await claims.transition(awaitingNewer, ["reserved"], { status: "confirmed", finalAt: null });
      await claims.transition(awaitingOlder, ["reserved"], { status: "confirmed", finalAt: null });
      await claims.transition(final, ["reserved"], { status: "confirmed", finalAt });
      await claims.transition(failed, ["reserved"], { status: "failed" });
      await claims.transition(queued, ["reserved"], { status: "queued" });
      // Updated last, yet still first: the order is by creation, not by update.
      await claims.transition(submitted, ["reserved"], { status: "submitted" });
      const idsOf = (records: ClaimRecord[]) => records.map((record) => record.id);
      const listed = async (filter: ClaimFilter) => idsOf(await claims.list(filter));

      assert.deepEqual(idsOf(await claims.listUnfinished()), [submitted, queued, reserved]);
      assert.deepEqual(idsOf(await claims.listAwaitingFinality()), [awaitingOlder, awaitingNewer]);
      assert.equal((await claims.findById(awaitingOlder))!.finalAt, null);
      assert.deepEqual((await claims.findById(final))!.finalAt, finalAt);
      assert.equal((await claims.findById(submitted))!.finalAt, null);
      // Final from then on, and off the list.
      await claims.transition(awaitingOlder, ["confirmed"], { finalAt });
      assert.deepEqual(idsOf(await claims.listAwaitingFinality()), [awaitingNewer]);

      const failedCreated = (await claims.findById(failed))!.createdAt;
      assert.deepEqual(await listed({}), ids);
      assert.deepEqual(await listed({ status: "failed" }), [failed]);
      assert.deepEqual(await listed({ createdFrom: failedCreated }), ids.slice(3));
      assert.deepEqual(await listed({ createdBefore: failedCreated, status: "queued" }), [queued]);
    },
  },
  {
    area: "unique indexes",
    name: "when a wallet (in another letter case) or a Google account that holds a claim reserves again, then the conflict names the claim that holds it, the wallet's when both are held",
    async run({ open }) {
      const { claims } = await open();
      const [holdsWallet, holdsAccount] = [newClaim(), newClaim()];
      await claims.reserve({ ...holdsWallet, walletAddress: holdsWallet.walletAddress.toLowerCase() });
      await claims.reserve(holdsAccount);

      const sameWallet = newClaim({ walletAddress: "0x" + holdsWallet.walletAddress.slice(2).toUpperCase() });
      assertConflict(await claims.reserve(sameWallet), "wallet", holdsWallet.id);
      assert.equal(await claims.findById(sameWallet.id), null);
      const sameAccount = newClaim({ googleSub: holdsAccount.googleSub });
      assertConflict(await claims.reserve(sameAccount), "googleAccount", holdsAccount.id);
      const both = newClaim({ walletAddress: holdsWallet.walletAddress, googleSub: holdsAccount.googleSub });
      assertConflict(await claims.reserve(both), "wallet", holdsWallet.id);
    },
  },
  reservationRace("wallet"),
  reservationRace("googleAccount"),
  {
    area: "leases and compare-and-set",
    name: "when a transition starts from an allowed status at the current attempt, then its patch is applied (null clears a field, the others are kept); from another status, an older attempt or for an unknown claim, it returns null and changes nothing",
    async run({ open }) {
      const { claims } = await open();
      const claim = await reserveNew(claims);

      const patch = { status: "queued", engineTransactionId: "engine-tx-1", attempts: 1 } as const;
      const updated = await claims.transition(claim.id, ["reserved"], { ...patch, lastError: "engine unreachable" });

      const expected = { ...patch, id: claim.id, txHash: null };
      assert.ok(updated);
      assert.partialDeepStrictEqual(updated, expected);
      assert.partialDeepStrictEqual(await claims.findById(claim.id), expected);
      assert.ok(updated.updatedAt.getTime() >= updated.createdAt.getTime());
      assert.partialDeepStrictEqual(await claims.transition(claim.id, ["queued"], { lastError: null }), {
        ...expected,
        lastError: null,
      });
      const refused = { status: "confirmed", txHash: "0xabc" } as const;
      assert.equal(await claims.transition(claim.id, ["reserved", "submitted"], refused), null);
      assert.equal(await claims.transition(claim.id, ["queued"], refused, { attempts: 0 }), null);
      assert.partialDeepStrictEqual(await claims.findById(claim.id), { status: "queued", txHash: null });
      assert.equal(await claims.transition(randomUUID(), ["reserved"], { status: "queued" }), null);
      const current = { status: "submitted", txHash: "0xnew", attemptAtBlock: 12n } as const;
      assert.partialDeepStrictEqual(await claims.transition(claim.id, ["queued"], current, { attempts: 1 }), {
        ...current,
        attempts: 1,
        engineTransactionId: "engine-tx-1",
      });
    },
  },
  {
    area: "leases and compare-and-set",
    name: "when 50 transitions from the same status race, then exactly one wins; when another process holds a live lease, then acquireLease refuses; once it expires or is released, it is taken",
    async run({ open }) {
      const { claims } = await open();
      const claim = await reserveNew(claims);

      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          claims.transition(claim.id, ["reserved"], { status: "queued", engineTransactionId: `engine-tx-${i}` }),
        ),
      );

      const winners = results.filter((result) => result !== null);
      assert.equal(winners.length, 1);
      assert.partialDeepStrictEqual(await claims.findById(claim.id), {
        status: "queued",
        engineTransactionId: winners[0]!.engineTransactionId,
      });

      const now = Date.now();

      assert.equal(await claims.acquireLease(claim.id, "process-b", now, now + 1_000), null);
      assert.partialDeepStrictEqual(await claims.acquireLease(claim.id, "process-a", now, now + 2_000), {
        leaseOwner: "process-a",
        leaseUntil: now + 2_000,
      });
      const taken = { leaseOwner: "process-b" };
      assert.partialDeepStrictEqual(await claims.acquireLease(claim.id, "process-b", now + 3_000, now + 4_000), taken);
      await claims.releaseLease(claim.id, "process-a");
      assert.partialDeepStrictEqual(await claims.findById(claim.id), taken);
      await claims.releaseLease(claim.id, "process-b");
      const retaken = await claims.acquireLease(claim.id, "process-c", now, now + 1_000);
      assert.partialDeepStrictEqual(retaken, { leaseOwner: "process-c" });
    },
  },
  {
    area: "erasure",
    name: "when expired claims are erased, then only those created before the cutoff keep a fingerprint instead of the account id, the account still cannot claim again, and the store refuses to open without that key or with another, naming CLAIM_GATE_KEY",
    async run({ open, close }) {
      const store = await open();
      const expired = await reserveNew(store.claims);
      await store.claims.transition(expired.id, ["reserved"], { status: "confirmed", txHash: `0x${"ab".repeat(32)}` });
      // Strictly between the two claims' creation.
      await sleep(5);
      const cutoff = new Date();
      await sleep(5);
      const recent = await reserveNew(store.claims);

      assert.equal(await store.claims.eraseExpired(cutoff), 1);

      const erased = await store.claims.findById(expired.id);
      assert.partialDeepStrictEqual(erased, {
        walletAddress: expired.walletAddress.toLowerCase(),
        status: "confirmed",
        txHash: `0x${"ab".repeat(32)}`,
      });
      assert.match(erased!.googleSub, /^hmac-sha256:[0-9a-f]{64}$/);
      assert.ok(!Object.values(erased!).map(String).includes(expired.googleSub));
      assert.partialDeepStrictEqual(await store.claims.findByGoogleSub(expired.googleSub), { id: expired.id });
      const again = newClaim({ googleSub: expired.googleSub });
      assertConflict(await store.claims.reserve(again), "googleAccount", expired.id);
      assert.partialDeepStrictEqual(await store.claims.findById(recent.id), { googleSub: recent.googleSub });
      assert.equal(await store.claims.eraseExpired(cutoff), 0);
      await close(store);

      for (const gateKey of [undefined, OTHER_GATE_KEY]) {
        const refusal = String(await open({ gateKey }).catch((error: unknown) => error));
        assert.match(refusal, /CLAIM_GATE_KEY: is not/);
        for (const key of [CHECK_GATE_KEY, OTHER_GATE_KEY]) assert.ok(!refusal.includes(key));
      }
      assertConflict(await (await open()).claims.reserve(again), "googleAccount", expired.id);
    },
  },
  {
    area: "erasure",
    name: "when claims are erased while a store without the key or with another is open, then it refuses to erase (writing no fingerprint) and every new claim, naming CLAIM_GATE_KEY, and reserves nothing; with the key, the erased account is already claimed",
    async run({ open }) {
      // All open before any erasure, when the store has no key to compare with yet.
      const store = await open();
      const [noKey, otherKey] = [await open({ gateKey: undefined }), await open({ gateKey: OTHER_GATE_KEY })];
      const [expired, left] = [await reserveNew(store.claims), await reserveNew(otherKey.claims)];
      assert.equal(await store.claims.eraseExpired(new Date(Date.now() + 1), expired.walletAddress), 1);

      await assert.rejects(otherKey.claims.eraseExpired(new Date(Date.now() + 1)), /CLAIM_GATE_KEY: is not/);
      assert.partialDeepStrictEqual(await store.claims.findById(left.id), { googleSub: left.googleSub });
      for (const { claims } of [noKey, otherKey])
        for (const claim of [newClaim({ googleSub: expired.googleSub }), newClaim()]) {
          await assert.rejects(claims.reserve(claim), /^ConfigError: Refusing new claims:\n {2}CLAIM_GATE_KEY: is not/);
          assert.equal(await store.claims.findById(claim.id), null);
        }
      const again = newClaim({ googleSub: expired.googleSub });
      assertConflict(await store.claims.reserve(again), "googleAccount", expired.id);
    },
  },
  {
    area: "counters",
    name: "when two open stores take budget slots at once, then exactly the limit is granted; a released slot lets exactly one more in, and the count survives a reopen; YouTube quota units they add at once sum up per day",
    async run({ open, close }) {
      const [storeA, storeB] = [await open(), await open()];
      const limit = 7;
      const totals = await inTurn(20, [storeA, storeB], (store, i) =>
        store.youtubeQuota.add("2026-11-23", 1 + (i % 3)),
      );
      await storeB.youtubeQuota.add("2026-11-24", 5);
      assert.equal(await storeA.youtubeQuota.unitsOn("2026-11-23"), 39);
      assert.equal(Math.max(...totals), 39);
      assert.equal(new Set(totals).size, totals.length);
      assert.equal(await storeA.youtubeQuota.unitsOn("2026-11-24"), 5);
      assert.equal(await storeA.youtubeQuota.unitsOn("2026-11-22"), 0);

      const granted = await inTurn(30, [storeA, storeB], (store) => store.budget.takeSlot(limit));

      assert.equal(granted.filter(Boolean).length, limit);
      assert.equal(await storeA.budget.takeSlot(limit), false);
      assert.equal(await storeB.budget.slotsUsed(), limit);
      await storeA.budget.releaseSlot();
      await close(storeA);
      await close(storeB);
      const reopened = await open();
      assert.equal(await reopened.budget.slotsUsed(), limit - 1);
      assert.equal(await reopened.budget.takeSlot(limit), true);
      assert.equal(await reopened.budget.takeSlot(limit), false);
    },
  },
  {
    area: "counters",
    name: "when two open stores count rate-limit hits for one key, then they share one count and one window; a hit taken back, a reset key and an ended window follow",
    async run({ open }) {
      const [storeA, storeB] = [await open(), await open()];
      const key = randomUUID();

      const first = await storeA.rateLimits.increment(key, WINDOW_MS);
      const second = await storeB.rateLimits.increment(key, WINDOW_MS);

      assert.deepEqual([first.totalHits, second.totalHits], [1, 2]);
      // One window: the same end, as each answer reads it a moment apart.
      assert.ok(Math.abs(second.resetTime.getTime() - first.resetTime.getTime()) <= 5);
      assert.equal((await storeA.rateLimits.get(key))?.totalHits, 2);
      await storeB.rateLimits.decrement(key);
      assert.equal((await storeA.rateLimits.get(key))?.totalHits, 1);
      await storeA.rateLimits.resetKey(key);
      assert.equal(await storeB.rateLimits.get(key), undefined);

      const shortWindowMs = 20;
      await storeA.rateLimits.increment(key, shortWindowMs);
      await sleep(shortWindowMs + 10);
      const before = Date.now();
      const next = await storeA.rateLimits.increment(key, WINDOW_MS);
      assert.equal(next.totalHits, 1);
      assert.ok(next.resetTime.getTime() >= before + WINDOW_MS && next.resetTime.getTime() <= Date.now() + WINDOW_MS);
    },
  },
  {
    area: "operator controls",
    name: "when claims are paused in one open store, then another sees it with who and when, until they are resumed; operator actions counted at once in two stores are all counted, per action",
    async run({ open }) {
      const [storeA, storeB] = [await open(), await open()];
      const resumed = { paused: false, pausedBy: null, pausedAt: null };
      assert.deepEqual(await storeB.operator.controls(), resumed);
      assert.deepEqual(await storeA.operator.actionCounts(), {});

      const paused = await storeA.operator.setPaused(true, "alice");

      assert.partialDeepStrictEqual(paused, { paused: true, pausedBy: "alice" });
      assert.ok(paused.pausedAt instanceof Date);
      assert.deepEqual(await storeB.operator.controls(), paused);
      await storeB.operator.setPaused(false, "bob");
      assert.deepEqual(await storeA.operator.controls(), resumed);

      await inTurn(10, [storeA, storeB], (store, i) => store.operator.countAction(i < 7 ? "pause" : "resolve"));
      assert.deepEqual(await storeB.operator.actionCounts(), { pause: 7, resolve: 3 });
    },
  },
  {
    area: "operator controls",
    name: "when a wallet or a Google account is denied, then isDenied names it, in any letter case, until it is allowed",
    async run({ open }) {
      const [storeA, storeB] = [await open(), await open()];
      const wallet = randomWallet();
      const sub = randomBytes(10).toString("hex");

      assert.equal(await storeA.operator.isDenied(wallet, sub), null);
      await storeA.operator.deny("wallet", wallet, "alice");
      await storeA.operator.deny("wallet", wallet.toLowerCase(), "alice");
      await storeA.operator.deny("googleAccount", sub, "alice");

      assert.equal(await storeB.operator.isDenied(wallet.toLowerCase(), sub), "wallet");
      assert.equal(await storeB.operator.isDenied(randomWallet(), sub), "googleAccount");
      assert.equal(await storeB.operator.isDenied(null, sub), "googleAccount");
      assert.equal(await storeB.operator.isDenied(wallet.toUpperCase().replace("0X", "0x"), null), "wallet");
      assert.equal(await storeB.operator.isDenied(randomWallet(), sub.toUpperCase()), null);
      assert.equal(await storeB.operator.isDenied(null, null), null);

      assert.equal(await storeB.operator.allow("wallet", wallet.toUpperCase().replace("0X", "0x")), true);
      assert.equal(await storeB.operator.allow("wallet", wallet), false);
      assert.equal(await storeA.operator.isDenied(wallet, null), null);
      assert.equal(await storeA.operator.isDenied(wallet, sub), "googleAccount");
    },
  },
  {
    area: "outage",
    name: "when the database cannot serve the store, then every write answers STORE_UNAVAILABLE with a retry hint, in bounded time",
    async run({ open, openUnavailable }) {
      const claim = newClaim();
      const ready = await open();
      await ready.claims.reserve(claim);
      const { store, end } = await openUnavailable();
      try {
        const writes = {
          "claims.reserve": () => store.claims.reserve(newClaim()),
          "claims.transition": () => store.claims.transition(claim.id, ["reserved"], { status: "queued" }),
          "claims.acquireLease": () => store.claims.acquireLease(claim.id, "process-b", Date.now(), Date.now() + 1),
          "claims.releaseLease": () => store.claims.releaseLease(claim.id, "process-a"),
          "budget.takeSlot": () => store.budget.takeSlot(10),
          "budget.releaseSlot": () => store.budget.releaseSlot(),
          "youtubeQuota.add": () => store.youtubeQuota.add("2026-11-23", 1),
          "rateLimits.increment": () => store.rateLimits.increment(randomUUID(), WINDOW_MS),
          "rateLimits.decrement": () => store.rateLimits.decrement(randomUUID()),
          "rateLimits.resetKey": () => store.rateLimits.resetKey(randomUUID()),
          "operator.setPaused": () => store.operator.setPaused(true, "alice"),
          "operator.deny": () => store.operator.deny("wallet", randomWallet(), "alice"),
          "operator.allow": () => store.operator.allow("wallet", randomWallet()),
          "operator.countAction": () => store.operator.countAction("pause"),
        };

        // One after the other: each waits out its own busy time-out.
        const outcomes: string[] = [];
        for (const [write, run] of Object.entries(writes)) outcomes.push(`${write}: ${await outageAnswer(run)}`);

        assert.deepEqual(
          outcomes,
          Object.keys(writes).map((write) => `${write}: STORE_UNAVAILABLE`),
        );
      } finally {
        await end();
      }
      assert.partialDeepStrictEqual(await ready.claims.findById(claim.id), {
        status: "reserved",
        leaseOwner: "process-a",
      });
    },
  },
];

function reservationRace(shared: "wallet" | "googleAccount"): ClaimStoreCheck {
  return {
    area: "unique indexes",
    name: `when 200 reserves for one ${shared === "wallet" ? "wallet" : "Google account"} race in two open stores, then exactly one is reserved and the rest name it`,
    async run({ open }) {
      const stores = [await open(), await open()];
      const { walletAddress, googleSub } = newClaim();
      const sharing = shared === "wallet" ? { walletAddress } : { googleSub };

      const results = await inTurn(200, stores, (store) => store.claims.reserve(newClaim(sharing)));

      const winners = results.filter((result) => result.reserved);
      assert.equal(winners.length, 1);
      for (const result of results) if (!result.reserved) assertConflict(result, shared, winners[0]!.claim.id);
      assert.equal((await stores[0]!.claims.list({})).length, 1);
    },
  };
}

/** The AppError's code, or what else the write did: done, another error, or hung. */
function outageAnswer(write: () => Promise<unknown>) {
  return Promise.race([
    write().then(
      () => "done",
      (error: unknown) =>
        error instanceof AppError && error.retryAfterSeconds === RETRY_AFTER_SECONDS ? error.code : String(error),
    ),
    sleep(OUTAGE_ANSWER_DEADLINE_MS, "no answer: hung", { ref: false }),
  ]);
}

function inTurn<T>(count: number, stores: ClaimStore[], call: (store: ClaimStore, i: number) => Promise<T>) {
  return Promise.all(Array.from({ length: count }, (_, i) => call(stores[i % 2]!, i)));
}

function assertConflict(result: ReserveResult, conflict: "wallet" | "googleAccount", existingId: string) {
  assert.ok(!result.reserved, "reserved, though it should have been refused");
  assert.deepEqual([result.conflict, result.existing.id], [conflict, existingId]);
}

/** A few milliseconds apart, so "oldest first" has one right answer. */
async function reserveSeven(claims: ClaimRepository) {
  const ids: string[] = [];
  for (; ids.length < 7; await sleep(5)) ids.push((await reserveNew(claims)).id);
  return ids as [string, string, string, string, string, string, string];
}

/** Mixed case, so adapters must normalise it. */
function randomWallet() {
  const hex = randomBytes(20).toString("hex");
  return "0x" + [...hex].map((char, index) => (index % 2 === 0 ? char.toUpperCase() : char)).join("");
}

async function reserveNew(claims: ClaimRepository) {
  const claim = newClaim();
  await claims.reserve(claim);
  return claim;
}

function newClaim(overrides: Partial<NewClaim> = {}): NewClaim {
  return {
    id: randomUUID(),
    walletAddress: randomWallet(),
    googleSub: randomBytes(10).toString("hex"),
    amountWei: REWARD_AMOUNT_WEI,
    lease: { owner: "process-a", until: Date.now() + 60_000 },
    ...overrides,
  };
}
