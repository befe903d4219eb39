/**
 * Behaviour every ClaimStore adapter must share. `open` must return a store over the
 * same storage each time it is called within one test (so close + reopen can be
 * checked) and over empty storage in each new test.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import type { ClaimStore, NewClaim } from "./claim-store.ts";

export function describeClaimStoreContract(name: string, open: () => Promise<ClaimStore>): void {
  describe(name, () => {
    const openStores = new Set<ClaimStore>();

    async function openStore(): Promise<ClaimStore> {
      const store = await open();
      openStores.add(store);
      return store;
    }

    async function closeStore(store: ClaimStore): Promise<void> {
      openStores.delete(store);
      await store.close();
    }

    afterEach(async () => {
      await Promise.all([...openStores].map(closeStore));
    });

    it("when a claim is reserved, then it can be found by id, wallet and Google account", async () => {
      const store = await openStore();
      const claim = newClaim();

      const result = await store.reserve(claim);

      expect(result.reserved).toBe(true);
      const expected = {
        id: claim.id,
        walletAddress: claim.walletAddress.toLowerCase(),
        googleSub: claim.googleSub,
        googleEmail: claim.googleEmail,
        amountWei: claim.amountWei,
        status: "reserved",
        engineTransactionId: null,
        txHash: null,
        attempts: 0,
        lastError: null,
        reservedAtBlock: 7n,
        attemptAtBlock: null,
        leaseOwner: "process-a",
        leaseUntil: claim.lease.until,
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      };
      if (result.reserved) expect(result.claim).toEqual(expected);
      expect(await store.findById(claim.id)).toEqual(expected);
      expect(await store.findByWallet(claim.walletAddress.toUpperCase().replace("0X", "0x"))).toEqual(expected);
      expect(await store.findByGoogleSub(claim.googleSub)).toEqual(expected);
    });

    it("when nothing was reserved, then every lookup returns null", async () => {
      const store = await openStore();
      const claim = newClaim();

      expect(await store.findById(claim.id)).toBeNull();
      expect(await store.findByWallet(claim.walletAddress)).toBeNull();
      expect(await store.findByGoogleSub(claim.googleSub)).toBeNull();
    });

    it("when the same wallet reserves again in another letter case, then the wallet conflict names the existing claim", async () => {
      const store = await openStore();
      const first = newClaim();
      await store.reserve({ ...first, walletAddress: first.walletAddress.toLowerCase() });

      const second = newClaim({ walletAddress: "0x" + first.walletAddress.slice(2).toUpperCase() });
      const result = await store.reserve(second);

      expect(result).toMatchObject({ reserved: false, conflict: "wallet", existing: { id: first.id } });
      expect(await store.findById(second.id)).toBeNull();
    });

    it("when the same Google account reserves with another wallet, then the Google-account conflict names the existing claim", async () => {
      const store = await openStore();
      const first = newClaim();
      await store.reserve(first);

      const result = await store.reserve(newClaim({ googleSub: first.googleSub }));

      expect(result).toMatchObject({ reserved: false, conflict: "googleAccount", existing: { id: first.id } });
    });

    it("when the wallet and the Google account are held by different claims, then the wallet conflict is reported", async () => {
      const store = await openStore();
      const holdsWallet = newClaim();
      const holdsAccount = newClaim();
      await store.reserve(holdsWallet);
      await store.reserve(holdsAccount);

      const result = await store.reserve(
        newClaim({ walletAddress: holdsWallet.walletAddress, googleSub: holdsAccount.googleSub }),
      );

      expect(result).toMatchObject({ reserved: false, conflict: "wallet", existing: { id: holdsWallet.id } });
    });

    it("when 200 reserves for one wallet race, then exactly one is reserved and the rest name it", async () => {
      const store = await openStore();
      const walletAddress = randomWallet();

      const results = await Promise.all(Array.from({ length: 200 }, () => store.reserve(newClaim({ walletAddress }))));

      const winners = results.filter((result) => result.reserved);
      expect(winners).toHaveLength(1);
      const winnerId = winners[0]?.claim.id;
      for (const result of results.filter((result) => !result.reserved)) {
        expect(result).toMatchObject({ conflict: "wallet", existing: { id: winnerId } });
      }
      expect(await store.list({})).toHaveLength(1);
    });

    it("when two open stores reserve the same wallet at once, then only one succeeds", async () => {
      const storeA = await openStore();
      const storeB = await openStore();
      const walletAddress = randomWallet();

      const results = await Promise.all([
        storeA.reserve(newClaim({ walletAddress })),
        storeB.reserve(newClaim({ walletAddress })),
      ]);

      expect(results.filter((result) => result.reserved)).toHaveLength(1);
      expect(results.filter((result) => !result.reserved)).toMatchObject([{ conflict: "wallet" }]);
    });

    it("when a transition starts from an allowed status, then the patch is applied and returned", async () => {
      const store = await openStore();
      const claim = newClaim();
      await store.reserve(claim);

      const updated = await store.transition(claim.id, ["reserved"], {
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
      expect(await store.findById(claim.id)).toMatchObject(expected);
      expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(updated!.createdAt.getTime());
    });

    it("when a transition starts from a status that is not allowed, then it returns null and changes nothing", async () => {
      const store = await openStore();
      const claim = newClaim();
      await store.reserve(claim);

      const updated = await store.transition(claim.id, ["queued", "submitted"], {
        status: "confirmed",
        txHash: "0xabc",
      });

      expect(updated).toBeNull();
      expect(await store.findById(claim.id)).toMatchObject({ status: "reserved", txHash: null });
    });

    it("when a transition targets an unknown claim, then it returns null", async () => {
      const store = await openStore();

      expect(await store.transition(randomUUID(), ["reserved"], { status: "queued" })).toBeNull();
    });

    it("when a patch sets a field to null, then the field is cleared and unpatched fields are kept", async () => {
      const store = await openStore();
      const claim = newClaim();
      await store.reserve(claim);
      await store.transition(claim.id, ["reserved"], { lastError: "engine unreachable", attempts: 2 });

      const updated = await store.transition(claim.id, ["reserved"], { lastError: null });

      expect(updated).toMatchObject({ lastError: null, attempts: 2, status: "reserved" });
    });

    it("when 50 transitions from the same status race, then exactly one wins", async () => {
      const store = await openStore();
      const claim = newClaim();
      await store.reserve(claim);

      const results = await Promise.all(
        Array.from({ length: 50 }, (_, attempt) =>
          store.transition(claim.id, ["reserved"], { status: "queued", engineTransactionId: `engine-tx-${attempt}` }),
        ),
      );

      const winners = results.filter((result) => result !== null);
      expect(winners).toHaveLength(1);
      expect(await store.findById(claim.id)).toMatchObject({
        status: "queued",
        engineTransactionId: winners[0]?.engineTransactionId,
      });
    });

    it("when claims are in every status, then listUnfinished returns reserved, queued and submitted ones oldest first", async () => {
      const store = await openStore();
      const claims: NewClaim[] = [];
      for (let index = 0; index < 5; index += 1) {
        const claim = newClaim();
        await store.reserve(claim);
        claims.push(claim);
        // Distinct creation times, so "oldest first" has one right answer in every adapter.
        await sleep(5);
      }
      const [oldest, confirmed, queued, failed, newest] = claims.map((claim) => claim.id) as [
        string,
        string,
        string,
        string,
        string,
      ];
      await store.transition(confirmed, ["reserved"], { status: "confirmed" });
      await store.transition(failed, ["reserved"], { status: "failed" });
      await store.transition(queued, ["reserved"], { status: "queued" });
      // Updated last, yet still first: the order is by creation, not by update.
      await store.transition(oldest, ["reserved"], { status: "submitted" });

      const unfinished = await store.listUnfinished();

      expect(unfinished.map((claim) => claim.id)).toEqual([oldest, queued, newest]);
    });

    it("when claims are listed by status and creation time, then only the matching ones come back, oldest first", async () => {
      const store = await openStore();
      const ids: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const claim = newClaim();
        await store.reserve(claim);
        ids.push(claim.id);
        await sleep(5);
      }
      const [first, second, third] = ids as [string, string, string];
      await store.transition(second, ["reserved"], { status: "failed" });
      const secondCreated = (await store.findById(second))?.createdAt as Date;

      expect((await store.list({})).map((claim) => claim.id)).toEqual([first, second, third]);
      expect((await store.list({ status: "failed" })).map((claim) => claim.id)).toEqual([second]);
      expect((await store.list({ createdFrom: secondCreated })).map((claim) => claim.id)).toEqual([second, third]);
      expect((await store.list({ createdBefore: secondCreated, status: "reserved" })).map((claim) => claim.id)).toEqual(
        [first],
      );
    });

    it("when two open stores take budget slots at once, then exactly the limit is granted", async () => {
      const storeA = await openStore();
      const storeB = await openStore();
      const limit = 7;

      const granted = await Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? storeA : storeB).takeBudgetSlot(limit)),
      );

      expect(granted.filter(Boolean)).toHaveLength(limit);
      expect(await storeA.takeBudgetSlot(limit)).toBe(false);
      expect(await storeB.budgetSlotsUsed()).toBe(limit);
    });

    it("when a slot is released, then exactly one more can be taken, and the count survives a reopen", async () => {
      const first = await openStore();
      expect(await first.takeBudgetSlot(2)).toBe(true);
      expect(await first.takeBudgetSlot(2)).toBe(true);
      await first.releaseBudgetSlot();
      await closeStore(first);

      const reopened = await openStore();
      expect(await reopened.budgetSlotsUsed()).toBe(1);
      expect(await reopened.takeBudgetSlot(2)).toBe(true);
      expect(await reopened.takeBudgetSlot(2)).toBe(false);
    });

    it("when two open stores add YouTube quota units at once, then the day's total is their sum, apart from other days", async () => {
      const storeA = await openStore();
      const storeB = await openStore();

      const totals = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? storeA : storeB).addYoutubeQuotaUnits("2026-11-23", 1 + (i % 3))),
      );
      await storeB.addYoutubeQuotaUnits("2026-11-24", 5);

      expect(await storeA.youtubeQuotaUnits("2026-11-23")).toBe(39);
      expect(Math.max(...totals)).toBe(39);
      expect(new Set(totals).size).toBe(totals.length);
      expect(await storeA.youtubeQuotaUnits("2026-11-24")).toBe(5);
      expect(await storeA.youtubeQuotaUnits("2026-11-22")).toBe(0);
    });

    it("when the store is closed and reopened, then its claims are still there", async () => {
      const first = await openStore();
      const claim = newClaim();
      await first.reserve(claim);
      await first.transition(claim.id, ["reserved"], { status: "queued", engineTransactionId: "engine-tx-1" });
      await closeStore(first);

      const reopened = await openStore();

      expect(await reopened.findById(claim.id)).toMatchObject({ status: "queued", engineTransactionId: "engine-tx-1" });
      expect(await reopened.reserve(newClaim({ walletAddress: claim.walletAddress }))).toMatchObject({
        reserved: false,
        conflict: "wallet",
      });
    });

    it("when a transition names an older attempt, then it changes nothing, while the current attempt's applies", async () => {
      const store = await openStore();
      const claim = newClaim();
      await store.reserve(claim);
      await store.transition(claim.id, ["reserved"], { status: "queued", attempts: 2, attemptAtBlock: 12n });

      const stale = await store.transition(
        claim.id,
        ["queued"],
        { status: "submitted", txHash: "0xold" },
        { attempts: 1 },
      );
      const current = await store.transition(
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
      await store.reserve(claim);
      const now = Date.now();

      expect(await store.acquireLease(claim.id, "process-b", now, now + 1_000)).toBeNull();
      expect(await store.acquireLease(claim.id, "process-a", now, now + 2_000)).toMatchObject({
        leaseOwner: "process-a",
        leaseUntil: now + 2_000,
      });
      expect(await store.acquireLease(claim.id, "process-b", now + 3_000, now + 4_000)).toMatchObject({
        leaseOwner: "process-b",
      });
      await store.releaseLease(claim.id, "process-a");
      expect(await store.findById(claim.id)).toMatchObject({ leaseOwner: "process-b" });
      await store.releaseLease(claim.id, "process-b");
      expect(await store.acquireLease(claim.id, "process-c", now, now + 1_000)).toMatchObject({
        leaseOwner: "process-c",
      });
    });

    it("when claims are paused in one open store, then another sees it with who and when, until they are resumed", async () => {
      const storeA = await openStore();
      const storeB = await openStore();
      expect(await storeB.controls()).toEqual({ paused: false, pausedBy: null, pausedAt: null });

      const before = Date.now();
      const paused = await storeA.setPaused(true, "alice");

      expect(paused).toEqual({ paused: true, pausedBy: "alice", pausedAt: expect.any(Date) });
      const seen = await storeB.controls();
      expect(seen).toEqual(paused);
      expect(seen.pausedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      await storeB.setPaused(false, "bob");
      expect(await storeA.controls()).toEqual({ paused: false, pausedBy: null, pausedAt: null });
    });

    it("when a wallet or a Google account is denied, then isDenied names it, in any letter case, until it is allowed", async () => {
      const storeA = await openStore();
      const storeB = await openStore();
      const wallet = randomWallet();
      const sub = randomBytes(10).toString("hex");

      expect(await storeA.isDenied(wallet, sub)).toBeNull();
      await storeA.deny("wallet", wallet, "alice");
      await storeA.deny("wallet", wallet.toLowerCase(), "alice");
      await storeA.deny("googleAccount", sub, "alice");

      expect(await storeB.isDenied(wallet.toLowerCase(), sub)).toBe("wallet");
      expect(await storeB.isDenied(randomWallet(), sub)).toBe("googleAccount");
      expect(await storeB.isDenied(null, sub)).toBe("googleAccount");
      expect(await storeB.isDenied(wallet.toUpperCase().replace("0X", "0x"), null)).toBe("wallet");
      expect(await storeB.isDenied(randomWallet(), sub.toUpperCase())).toBeNull();
      expect(await storeB.isDenied(null, null)).toBeNull();

      expect(await storeB.allow("wallet", wallet.toUpperCase().replace("0X", "0x"))).toBe(true);
      expect(await storeB.allow("wallet", wallet)).toBe(false);
      expect(await storeA.isDenied(wallet, null)).toBeNull();
      expect(await storeA.isDenied(wallet, sub)).toBe("googleAccount");
    });

    it("when two open stores count operator actions at once, then every one is counted, per action", async () => {
      const storeA = await openStore();
      const storeB = await openStore();
      expect(await storeA.operatorActionCounts()).toEqual({});

      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? storeA : storeB).countOperatorAction(i < 7 ? "pause" : "resolve"),
        ),
      );

      expect(await storeB.operatorActionCounts()).toEqual({ pause: 7, resolve: 3 });
    });

    it("when the store is open, then ping resolves", async () => {
      const store = await openStore();

      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}

/** A checksum-like mixed-case address, so adapters must normalise it. */
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
    googleEmail: `${googleSub}@example.com`,
    amountWei: REWARD_AMOUNT_WEI,
    reservedAtBlock: 7n,
    lease: { owner: "process-a", until: Date.now() + 60_000 },
    ...overrides,
  };
}
