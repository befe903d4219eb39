/**
 * Behaviour every ClaimStore adapter must share. `open` must return a store over the
 * same storage each time it is called within one test (so close + reopen can be
 * checked) and over empty storage in each new test, with `gateKey` as its CLAIM_GATE_KEY (`TEST_GATE_KEY` when no
 * options are given, none when `gateKey` is left out of them). `openUnavailable` returns a store whose database cannot serve
 * it (locked by another connection, or its connection gone); `end` lets go of whatever made it so.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { AppError, RETRY_AFTER_SECONDS } from "../errors.ts";
import type { NewClaim } from "./claim-repository.ts";
import type { ClaimStore } from "./claim-store.ts";

export function describeClaimStoreContract(
  name: string,
  open: (options?: { gateKey?: string }) => Promise<ClaimStore>,
  openUnavailable: () => Promise<{ store: ClaimStore; end(): Promise<void> }>,
): void {
  describe(name, () => {
    const openStores = new Set<ClaimStore>();

    async function openStore(options?: { gateKey?: string }): Promise<ClaimStore> {
      const store = await open(options);
      openStores.add(store);
      return store;
    }

    async function closeStore(store: ClaimStore): Promise<void> {
      openStores.delete(store);
      await store.close();
    }

    afterEach(async () => {
      vi.useRealTimers();
      await Promise.all([...openStores].map(closeStore));
    });

    it("when a claim is reserved, then it can be found by id, wallet and Google account", async () => {
      const store = await openStore();
      const claim = newClaim();

      const result = await store.claims.reserve(claim);

      expect(result.reserved).toBe(true);
      const expected = {
        id: claim.id,
        walletAddress: claim.walletAddress.toLowerCase(),
        googleSub: claim.googleSub,
        amountWei: claim.amountWei,
        status: "reserved",
        engineTransactionId: null,
        txHash: null,
        attempts: 0,
        lastError: null,
        attemptAtBlock: null,
        leaseOwner: "process-a",
        leaseUntil: claim.lease.until,
        finalAt: null,
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      };
      if (result.reserved) expect(result.claim).toEqual(expected);
      expect(await store.claims.findById(claim.id)).toEqual(expected);
      expect(await store.claims.findByWallet(claim.walletAddress.toUpperCase().replace("0X", "0x"))).toEqual(expected);
      expect(await store.claims.findByGoogleSub(claim.googleSub)).toEqual(expected);
    });

    it("when nothing was reserved, then every lookup returns null", async () => {
      const store = await openStore();
      const claim = newClaim();

      expect(await store.claims.findById(claim.id)).toBeNull();
      expect(await store.claims.findByWallet(claim.walletAddress)).toBeNull();
      expect(await store.claims.findByGoogleSub(claim.googleSub)).toBeNull();
    });

    it("when the same wallet reserves again in another letter case, then the wallet conflict names the existing claim", async () => {
      const store = await openStore();
      const first = newClaim();
      await store.claims.reserve({ ...first, walletAddress: first.walletAddress.toLowerCase() });

      const second = newClaim({ walletAddress: "0x" + first.walletAddress.slice(2).toUpperCase() });
      const result = await store.claims.reserve(second);

      expect(result).toMatchObject({ reserved: false, conflict: "wallet", existing: { id: first.id } });
      expect(await store.claims.findById(second.id)).toBeNull();
    });

    it("when the same Google account reserves with another wallet, then the Google-account conflict names the existing claim", async () => {
      const store = await openStore();
      const first = newClaim();
      await store.claims.reserve(first);

      const result = await store.claims.reserve(newClaim({ googleSub: first.googleSub }));

      expect(result).toMatchObject({ reserved: false, conflict: "googleAccount", existing: { id: first.id } });
    });

    it("when expired claims are erased, then only those created before the cutoff keep a fingerprint instead of the account id, and the account still cannot claim again", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const store = await openStore();
      const day = 86_400_000;
      const start = Date.now();
      const expired = newClaim();
      await store.claims.reserve(expired);
      await store.claims.transition(expired.id, ["reserved"], { status: "confirmed", txHash: `0x${"ab".repeat(32)}` });
      vi.setSystemTime(start + 2 * day);
      const recent = newClaim();
      await store.claims.reserve(recent);

      expect(await store.claims.eraseExpired(new Date(start + day))).toBe(1);

      const erased = await store.claims.findById(expired.id);
      expect(erased).toMatchObject({
        walletAddress: expired.walletAddress.toLowerCase(),
        status: "confirmed",
        txHash: `0x${"ab".repeat(32)}`,
        googleSub: expect.stringMatching(/^hmac-sha256:[0-9a-f]{64}$/),
      });
      expect(Object.values(erased ?? {}).map(String)).not.toContain(expired.googleSub);
      expect(await store.claims.findByGoogleSub(expired.googleSub)).toMatchObject({ id: expired.id });
      expect(await store.claims.reserve(newClaim({ googleSub: expired.googleSub }))).toMatchObject({
        reserved: false,
        conflict: "googleAccount",
        existing: { id: expired.id },
      });
      expect(await store.claims.findById(recent.id)).toMatchObject({ googleSub: recent.googleSub });
      expect(await store.claims.eraseExpired(new Date(start + day))).toBe(0);
    });

    it("when a claim was erased, then the store refuses to open without its key or with another, naming CLAIM_GATE_KEY, and with its key the account still cannot claim again", async () => {
      const erasing = await openStore();
      const claim = newClaim();
      await erasing.claims.reserve(claim);
      expect(await erasing.claims.eraseExpired(new Date(Date.now() + 1))).toBe(1);
      await closeStore(erasing);

      for (const gateKey of [undefined, OTHER_GATE_KEY]) {
        const refusal = String(await openStore({ gateKey }).catch((error: unknown) => error));
        expect(refusal).toMatch(/CLAIM_GATE_KEY: is not/);
        for (const key of [TEST_GATE_KEY, OTHER_GATE_KEY]) expect(refusal).not.toContain(key);
      }

      const reopened = await openStore();
      expect(await reopened.claims.reserve(newClaim({ googleSub: claim.googleSub }))).toMatchObject({
        reserved: false,
        conflict: "googleAccount",
        existing: { id: claim.id },
      });
    });

    it("when another process erased first under another key, then erasing refuses and writes no fingerprint", async () => {
      // Both open before any erasure, when the store has no key to compare with yet.
      const first = await openStore();
      const second = await openStore({ gateKey: OTHER_GATE_KEY });
      const [erasedFirst, left] = [newClaim(), newClaim()];
      await first.claims.reserve(erasedFirst);
      expect(await first.claims.eraseExpired(new Date(Date.now() + 1), erasedFirst.walletAddress)).toBe(1);
      await second.claims.reserve(left);

      await expect(second.claims.eraseExpired(new Date(Date.now() + 1))).rejects.toThrow(/CLAIM_GATE_KEY: is not/);

      expect(await second.claims.findById(left.id)).toMatchObject({ googleSub: left.googleSub });
    });

    it("when the wallet and the Google account are held by different claims, then the wallet conflict is reported", async () => {
      const store = await openStore();
      const holdsWallet = newClaim();
      const holdsAccount = newClaim();
      await store.claims.reserve(holdsWallet);
      await store.claims.reserve(holdsAccount);

      const result = await store.claims.reserve(
        newClaim({ walletAddress: holdsWallet.walletAddress, googleSub: holdsAccount.googleSub }),
      );

      expect(result).toMatchObject({ reserved: false, conflict: "wallet", existing: { id: holdsWallet.id } });
    });

    it("when 200 reserves for one wallet race, then exactly one is reserved and the rest name it", async () => {
      const store = await openStore();
      const walletAddress = randomWallet();

      const results = await Promise.all(
        Array.from({ length: 200 }, () => store.claims.reserve(newClaim({ walletAddress }))),
      );

      const winners = results.filter((result) => result.reserved);
      expect(winners).toHaveLength(1);
      const winnerId = winners[0]?.claim.id;
      for (const result of results.filter((result) => !result.reserved)) {
        expect(result).toMatchObject({ conflict: "wallet", existing: { id: winnerId } });
      }
      expect(await store.claims.list({})).toHaveLength(1);
    });

    it("when two open stores reserve the same wallet at once, then only one succeeds", async () => {
      const storeA = await openStore();
      const storeB = await openStore();
      const walletAddress = randomWallet();

      const results = await Promise.all([
        storeA.claims.reserve(newClaim({ walletAddress })),
        storeB.claims.reserve(newClaim({ walletAddress })),
      ]);

      expect(results.filter((result) => result.reserved)).toHaveLength(1);
      expect(results.filter((result) => !result.reserved)).toMatchObject([{ conflict: "wallet" }]);
    });

    it("when a transition starts from an allowed status, then the patch is applied and returned", async () => {
      const store = await openStore();
      const claim = newClaim();
      await store.claims.reserve(claim);

      const updated = await store.claims.transition(claim.id, ["reserved"], {
        status: "queued",
        engineTransactionId: "engine-tx-1",
        attempts: 1,
      });

      const expected = {
        id: claim.id,
        status: "queued",
        engineTransactionId: "engine-tx-1",
        attempts: 1,
        txHash: null,
      };
      expect(updated).toMatchObject(expected);
      expect(await store.claims.findById(claim.id)).toMatchObject(expected);
      expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(updated!.createdAt.getTime());
    });

    it("when a transition starts from a status that is not allowed, then it returns null and changes nothing", async () => {
      const store = await openStore();
      const claim = newClaim();
      await store.claims.reserve(claim);

      const updated = await store.claims.transition(claim.id, ["queued", "submitted"], {
        status: "confirmed",
        txHash: "0xabc",
      });

      expect(updated).toBeNull();
      expect(await store.claims.findById(claim.id)).toMatchObject({ status: "reserved", txHash: null });
    });

    it("when a transition targets an unknown claim, then it returns null", async () => {
      const store = await openStore();

      expect(await store.claims.transition(randomUUID(), ["reserved"], { status: "queued" })).toBeNull();
    });

    it("when a patch sets a field to null, then the field is cleared and unpatched fields are kept", async () => {
      const store = await openStore();
      const claim = newClaim();
      await store.claims.reserve(claim);
      await store.claims.transition(claim.id, ["reserved"], { lastError: "engine unreachable", attempts: 2 });

      const updated = await store.claims.transition(claim.id, ["reserved"], { lastError: null });

      expect(updated).toMatchObject({ lastError: null, attempts: 2, status: "reserved" });
    });

    it("when 50 transitions from the same status race, then exactly one wins", async () => {
      const store = await openStore();
      const claim = newClaim();
      await store.claims.reserve(claim);

      const results = await Promise.all(
        Array.from({ length: 50 }, (_, attempt) =>
          store.claims.transition(claim.id, ["reserved"], {
            status: "queued",
            engineTransactionId: `engine-tx-${attempt}`,
          }),
        ),
      );

      const winners = results.filter((result) => result !== null);
      expect(winners).toHaveLength(1);
      expect(await store.claims.findById(claim.id)).toMatchObject({
        status: "queued",
        engineTransactionId: winners[0]?.engineTransactionId,
      });
    });

    it("when claims are in every status, then listUnfinished returns reserved, queued and submitted ones oldest first", async () => {
      const store = await openStore();
      const [oldest, confirmed, queued, failed, newest] = (await reserveOneAfterAnother(store, 5)) as [
        string,
        string,
        string,
        string,
        string,
      ];
      await store.claims.transition(confirmed, ["reserved"], { status: "confirmed" });
      await store.claims.transition(failed, ["reserved"], { status: "failed" });
      await store.claims.transition(queued, ["reserved"], { status: "queued" });
      // Updated last, yet still first: the order is by creation, not by update.
      await store.claims.transition(oldest, ["reserved"], { status: "submitted" });

      const unfinished = await store.claims.listUnfinished();

      expect(unfinished.map((claim) => claim.id)).toEqual([oldest, queued, newest]);
    });

    it("when confirmed claims are final or not yet, then listAwaitingFinality returns the not-yet-final ones oldest first, with finalAt as written", async () => {
      const store = await openStore();
      const [older, final, unfinished, newer] = (await reserveOneAfterAnother(store, 4)) as [
        string,
        string,
        string,
        string,
      ];
      const finalAt = new Date(Date.now() - 1_000);
      await store.claims.transition(newer, ["reserved"], { status: "confirmed", finalAt: null });
      await store.claims.transition(older, ["reserved"], { status: "confirmed", finalAt: null });
      await store.claims.transition(final, ["reserved"], { status: "confirmed", finalAt });

      const awaiting = await store.claims.listAwaitingFinality();

      expect(awaiting.map((claim) => claim.id)).toEqual([older, newer]);
      expect(awaiting[0]?.finalAt).toBeNull();
      expect((await store.claims.findById(final))?.finalAt).toEqual(finalAt);
      expect((await store.claims.findById(unfinished))?.finalAt).toBeNull();
      // Final from then on, and off the list.
      await store.claims.transition(older, ["confirmed"], { finalAt });
      expect((await store.claims.listAwaitingFinality()).map((claim) => claim.id)).toEqual([newer]);
    });

    it("when claims are listed by status and creation time, then only the matching ones come back, oldest first", async () => {
      const store = await openStore();
      const ids: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const claim = newClaim();
        await store.claims.reserve(claim);
        ids.push(claim.id);
        await sleep(5);
      }
      const [first, second, third] = ids as [string, string, string];
      await store.claims.transition(second, ["reserved"], { status: "failed" });
      const secondCreated = (await store.claims.findById(second))?.createdAt as Date;

      expect((await store.claims.list({})).map((claim) => claim.id)).toEqual([first, second, third]);
      expect((await store.claims.list({ status: "failed" })).map((claim) => claim.id)).toEqual([second]);
      expect((await store.claims.list({ createdFrom: secondCreated })).map((claim) => claim.id)).toEqual([
        second,
        third,
      ]);
      expect(
        (await store.claims.list({ createdBefore: secondCreated, status: "reserved" })).map((claim) => claim.id),
      ).toEqual([first]);
    });

    it("when two open stores take budget slots at once, then exactly the limit is granted", async () => {
      const storeA = await openStore();
      const storeB = await openStore();
      const limit = 7;

      const granted = await Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? storeA : storeB).budget.takeSlot(limit)),
      );

      expect(granted.filter(Boolean)).toHaveLength(limit);
      expect(await storeA.budget.takeSlot(limit)).toBe(false);
      expect(await storeB.budget.slotsUsed()).toBe(limit);
    });

    it("when a slot is released, then exactly one more can be taken, and the count survives a reopen", async () => {
      const first = await openStore();
      expect(await first.budget.takeSlot(2)).toBe(true);
      expect(await first.budget.takeSlot(2)).toBe(true);
      await first.budget.releaseSlot();
      await closeStore(first);

      const reopened = await openStore();
      expect(await reopened.budget.slotsUsed()).toBe(1);
      expect(await reopened.budget.takeSlot(2)).toBe(true);
      expect(await reopened.budget.takeSlot(2)).toBe(false);
    });

    it("when two open stores add YouTube quota units at once, then the day's total is their sum, apart from other days", async () => {
      const storeA = await openStore();
      const storeB = await openStore();

      const totals = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? storeA : storeB).youtubeQuota.add("2026-11-23", 1 + (i % 3))),
      );
      await storeB.youtubeQuota.add("2026-11-24", 5);

      expect(await storeA.youtubeQuota.unitsOn("2026-11-23")).toBe(39);
      expect(Math.max(...totals)).toBe(39);
      expect(new Set(totals).size).toBe(totals.length);
      expect(await storeA.youtubeQuota.unitsOn("2026-11-24")).toBe(5);
      expect(await storeA.youtubeQuota.unitsOn("2026-11-22")).toBe(0);
    });

    it("when the store is closed and reopened, then its claims are still there", async () => {
      const first = await openStore();
      const claim = newClaim();
      await first.claims.reserve(claim);
      await first.claims.transition(claim.id, ["reserved"], { status: "queued", engineTransactionId: "engine-tx-1" });
      await closeStore(first);

      const reopened = await openStore();

      expect(await reopened.claims.findById(claim.id)).toMatchObject({
        status: "queued",
        engineTransactionId: "engine-tx-1",
      });
      expect(await reopened.claims.reserve(newClaim({ walletAddress: claim.walletAddress }))).toMatchObject({
        reserved: false,
        conflict: "wallet",
      });
    });

    it("when a transition names an older attempt, then it changes nothing, while the current attempt's applies", async () => {
      const store = await openStore();
      const claim = newClaim();
      await store.claims.reserve(claim);
      await store.claims.transition(claim.id, ["reserved"], { status: "queued", attempts: 2, attemptAtBlock: 12n });

      const stale = await store.claims.transition(
        claim.id,
        ["queued"],
        { status: "submitted", txHash: "0xold" },
        { attempts: 1 },
      );
      const current = await store.claims.transition(
        claim.id,
        ["queued"],
        { status: "submitted", txHash: "0xnew" },
        { attempts: 2 },
      );

      expect(stale).toBeNull();
      expect(current).toMatchObject({ status: "submitted", txHash: "0xnew", attempts: 2, attemptAtBlock: 12n });
    });

    it("when another process holds a live lease, then acquireLease refuses; once it expires or is released, it is taken", async () => {
      const store = await openStore();
      const claim = newClaim();
      await store.claims.reserve(claim);
      const now = Date.now();

      expect(await store.claims.acquireLease(claim.id, "process-b", now, now + 1_000)).toBeNull();
      expect(await store.claims.acquireLease(claim.id, "process-a", now, now + 2_000)).toMatchObject({
        leaseOwner: "process-a",
        leaseUntil: now + 2_000,
      });
      expect(await store.claims.acquireLease(claim.id, "process-b", now + 3_000, now + 4_000)).toMatchObject({
        leaseOwner: "process-b",
      });
      await store.claims.releaseLease(claim.id, "process-a");
      expect(await store.claims.findById(claim.id)).toMatchObject({ leaseOwner: "process-b" });
      await store.claims.releaseLease(claim.id, "process-b");
      expect(await store.claims.acquireLease(claim.id, "process-c", now, now + 1_000)).toMatchObject({
        leaseOwner: "process-c",
      });
    });

    it("when a claim is reserved with its first attempt, then it is stored queued at attempt 1 in that one insert", async () => {
      const store = await openStore();
      const claim = newClaim({ firstAttempt: { engineTransactionId: "engine-tx-1", attemptAtBlock: 9n } });

      const reservation = await store.claims.reserve(claim);

      const expected = { status: "queued", attempts: 1, engineTransactionId: "engine-tx-1", attemptAtBlock: 9n };
      expect(reservation).toMatchObject({ reserved: true, claim: expected });
      expect(await store.claims.findById(claim.id)).toMatchObject(expected);
    });

    it("when leases are taken for many claims at once, then only the unfinished or not yet final ones nobody else holds are returned", async () => {
      const store = await openStore();
      const now = Date.now();
      const [free, heldElsewhere, settled, awaitingFinality, failed] = [
        newClaim(),
        newClaim({ lease: { owner: "process-b", until: now + 60_000 } }),
        newClaim(),
        newClaim(),
        newClaim(),
      ];
      for (const claim of [free, heldElsewhere, settled, awaitingFinality, failed]) await store.claims.reserve(claim);
      await store.claims.releaseLease(free.id, "process-a");
      const paid = { status: "confirmed", txHash: "0xpaid", leaseOwner: null, leaseUntil: null } as const;
      await store.claims.transition(settled.id, ["reserved"], { ...paid, finalAt: new Date() });
      await store.claims.transition(awaitingFinality.id, ["reserved"], { ...paid, finalAt: null });
      await store.claims.transition(failed.id, ["reserved"], { status: "failed" });

      const held = await store.claims.acquireLeases(
        [free.id, heldElsewhere.id, settled.id, awaitingFinality.id, failed.id, randomUUID()],
        "process-a",
        now,
        now + 1_000,
      );

      expect(held.map((claim) => claim.id).sort()).toEqual([free.id, awaitingFinality.id].sort());
      expect(await store.claims.findById(free.id)).toMatchObject({ leaseOwner: "process-a", leaseUntil: now + 1_000 });
      expect(await store.claims.findById(heldElsewhere.id)).toMatchObject({ leaseOwner: "process-b" });
      expect(await store.claims.acquireLeases([], "process-a", now, now + 1_000)).toEqual([]);
    });

    it("when many transitions are applied together, then each answers as its own compare-and-set would", async () => {
      const store = await openStore();
      const [first, second] = [newClaim(), newClaim()];
      for (const claim of [first, second]) await store.claims.reserve(claim);

      const results = await store.claims.transitionMany([
        { id: first.id, fromStatuses: ["reserved"], patch: { status: "queued", attempts: 1 }, guard: { attempts: 0 } },
        { id: second.id, fromStatuses: ["reserved"], patch: { status: "queued" }, guard: { attempts: 3 } },
        { id: second.id, fromStatuses: ["reserved"], patch: { status: "failed", lastError: "dead" } },
      ]);

      expect(results[0]).toMatchObject({ id: first.id, status: "queued", attempts: 1 });
      expect(results[1]).toBeNull();
      expect(results[2]).toMatchObject({ id: second.id, status: "failed", lastError: "dead" });
      expect(await store.claims.transitionMany([])).toEqual([]);
    });

    it("when claims are paused in one open store, then another sees it with who and when, until they are resumed", async () => {
      const storeA = await openStore();
      const storeB = await openStore();
      expect(await storeB.operator.controls()).toEqual({ paused: false, pausedBy: null, pausedAt: null });

      const before = Date.now();
      const paused = await storeA.operator.setPaused(true, "alice");

      expect(paused).toEqual({ paused: true, pausedBy: "alice", pausedAt: expect.any(Date) });
      const seen = await storeB.operator.controls();
      expect(seen).toEqual(paused);
      expect(seen.pausedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      await storeB.operator.setPaused(false, "bob");
      expect(await storeA.operator.controls()).toEqual({ paused: false, pausedBy: null, pausedAt: null });
    });

    it("when a wallet or a Google account is denied, then isDenied names it, in any letter case, until it is allowed", async () => {
      const storeA = await openStore();
      const storeB = await openStore();
      const wallet = randomWallet();
      const sub = randomBytes(10).toString("hex");

      expect(await storeA.operator.isDenied(wallet, sub)).toBeNull();
      await storeA.operator.deny("wallet", wallet, "alice");
      await storeA.operator.deny("wallet", wallet.toLowerCase(), "alice");
      await storeA.operator.deny("googleAccount", sub, "alice");

      expect(await storeB.operator.isDenied(wallet.toLowerCase(), sub)).toBe("wallet");
      expect(await storeB.operator.isDenied(randomWallet(), sub)).toBe("googleAccount");
      expect(await storeB.operator.isDenied(null, sub)).toBe("googleAccount");
      expect(await storeB.operator.isDenied(wallet.toUpperCase().replace("0X", "0x"), null)).toBe("wallet");
      expect(await storeB.operator.isDenied(randomWallet(), sub.toUpperCase())).toBeNull();
      expect(await storeB.operator.isDenied(null, null)).toBeNull();

      expect(await storeB.operator.allow("wallet", wallet.toUpperCase().replace("0X", "0x"))).toBe(true);
      expect(await storeB.operator.allow("wallet", wallet)).toBe(false);
      expect(await storeA.operator.isDenied(wallet, null)).toBeNull();
      expect(await storeA.operator.isDenied(wallet, sub)).toBe("googleAccount");
    });

    it("when two open stores count operator actions at once, then every one is counted, per action", async () => {
      const storeA = await openStore();
      const storeB = await openStore();
      expect(await storeA.operator.actionCounts()).toEqual({});

      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? storeA : storeB).operator.countAction(i < 7 ? "pause" : "resolve"),
        ),
      );

      expect(await storeB.operator.actionCounts()).toEqual({ pause: 7, resolve: 3 });
    });

    it("when two open stores count rate-limit hits for one key, then they share one count and one window", async () => {
      const [storeA, storeB] = [await openStore(), await openStore()];
      const key = randomUUID();

      const first = await storeA.rateLimits.increment(key, WINDOW_MS);
      const second = await storeB.rateLimits.increment(key, WINDOW_MS);

      expect([first.totalHits, second.totalHits]).toEqual([1, 2]);
      expect(second.resetTime.getTime()).toBe(first.resetTime.getTime());
      expect((await storeA.rateLimits.get(key))?.totalHits).toBe(2);
    });

    it("when a rate-limit hit is taken back or its key is reset, then the count follows", async () => {
      const { rateLimits } = await openStore();
      const key = randomUUID();
      await rateLimits.increment(key, WINDOW_MS);
      await rateLimits.increment(key, WINDOW_MS);

      await rateLimits.decrement(key);
      expect((await rateLimits.get(key))?.totalHits).toBe(1);
      await rateLimits.resetKey(key);
      expect(await rateLimits.get(key)).toBeUndefined();
    });

    it("when a rate-limit window has ended, then the next hit opens a new one at 1", async () => {
      const { rateLimits } = await openStore();
      const key = randomUUID();
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
      await rateLimits.increment(key, WINDOW_MS);
      await rateLimits.increment(key, WINDOW_MS);

      vi.setSystemTime(new Date("2026-11-23T10:01:00Z"));
      const next = await rateLimits.increment(key, WINDOW_MS);

      expect(next.totalHits).toBe(1);
      expect(next.resetTime.toISOString()).toBe("2026-11-23T10:02:00.000Z");
    });

    it("when the database cannot serve the store, then every write answers STORE_UNAVAILABLE with a retry hint", async () => {
      const claim = newClaim();
      const ready = await openStore();
      await ready.claims.reserve(claim);
      const { store, end } = await openUnavailable();
      try {
        const writes: Array<[string, () => Promise<unknown>]> = [
          ["claims.reserve", () => store.claims.reserve(newClaim())],
          ["claims.transition", () => store.claims.transition(claim.id, ["reserved"], { status: "queued" })],
          ["claims.acquireLease", () => store.claims.acquireLease(claim.id, "process-b", Date.now(), Date.now() + 1)],
          ["claims.releaseLease", () => store.claims.releaseLease(claim.id, "process-a")],
          ["budget.takeSlot", () => store.budget.takeSlot(10)],
          ["budget.releaseSlot", () => store.budget.releaseSlot()],
          ["youtubeQuota.add", () => store.youtubeQuota.add("2026-11-23", 1)],
          ["rateLimits.increment", () => store.rateLimits.increment(randomUUID(), WINDOW_MS)],
          ["rateLimits.decrement", () => store.rateLimits.decrement(randomUUID())],
          ["rateLimits.resetKey", () => store.rateLimits.resetKey(randomUUID())],
          ["operator.setPaused", () => store.operator.setPaused(true, "alice")],
          ["operator.deny", () => store.operator.deny("wallet", randomWallet(), "alice")],
          ["operator.allow", () => store.operator.allow("wallet", randomWallet())],
          ["operator.countAction", () => store.operator.countAction("pause")],
        ];

        // One after the other: each waits out its own busy time-out.
        const outcomes: string[] = [];
        for (const [write, run] of writes) {
          outcomes.push(
            await run().then(
              () => `${write}: done`,
              (error: unknown) =>
                error instanceof AppError && error.retryAfterSeconds === RETRY_AFTER_SECONDS
                  ? `${write}: ${error.code}`
                  : `${write}: ${String(error)}`,
            ),
          );
        }

        expect(outcomes).toEqual(writes.map(([write]) => `${write}: STORE_UNAVAILABLE`));
      } finally {
        await end();
      }
      expect(await ready.claims.findById(claim.id)).toMatchObject({ status: "reserved", leaseOwner: "process-a" });
    });

    it("when the store is open, then ping resolves", async () => {
      const store = await openStore();

      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}

const WINDOW_MS = 60_000;

/** The CLAIM_GATE_KEY every contract store is opened with. */
export const TEST_GATE_KEY = "contract-test-gate-key-0123456789abcdef";
/** Another operator's key, or a mistyped one. */
const OTHER_GATE_KEY = "contract-test-other-gate-key-0123456789ab";

/** A checksum-like mixed-case address, so adapters must normalise it. */
/** Reserves `count` claims a few milliseconds apart, so "oldest first" has one right answer in every adapter. */
async function reserveOneAfterAnother(store: ClaimStore, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const claim = newClaim();
    await store.claims.reserve(claim);
    ids.push(claim.id);
    await sleep(5);
  }
  return ids;
}

function randomWallet(): string {
  const hex = randomBytes(20).toString("hex");
  return "0x" + [...hex].map((char, index) => (index % 2 === 0 ? char.toUpperCase() : char)).join("");
}

function newClaim(overrides: Partial<NewClaim> = {}): NewClaim {
  const googleSub = randomBytes(10).toString("hex");
  return {
    id: randomUUID(),
    walletAddress: randomWallet(),
    googleSub,
    amountWei: REWARD_AMOUNT_WEI,
    lease: { owner: "process-a", until: Date.now() + 60_000 },
    ...overrides,
  };
}
