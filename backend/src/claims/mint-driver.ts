import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { UNFINISHED_CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";
import type { Logger } from "../observability/logger.ts";
import type { Metrics } from "../observability/metrics.ts";
import { outsideAnyRequest } from "../observability/request-context.ts";
import {
  RewardNotQueuedError,
  type ChainObservation,
  type ChainReader,
  type Minter,
  type MintTransaction,
} from "../minting/minter.ts";
import type { ClaimPatch, ClaimRecord, ClaimTransition, NewClaim } from "../store/claim-repository.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import { attemptKey, claimIdOfAttemptKey } from "./attempt-key.ts";
import { decideMint, type MintRules } from "./mint-decision.ts";

export interface MintDriverDeps {
  store: ClaimStore;
  minter: Minter;
  chainReader: ChainReader;
  /** Attempts a claim may have in all, its owner's retries included; an operator may grant one more at a time. */
  maxAttempts: number;
  /** Blocks an attempt may go without rewarding the wallet before the next one starts (the contract refuses a second). */
  graceBlocks: bigint;
  /** How long a claim's lease lasts; a crashed process's claims wait this long for another process. */
  leaseMs: number;
  /** How often the follow loop asks Engine and the chain about the claims this process drives. */
  followIntervalMs: number;
  /** Engine posts status changes to this server's webhook, so the follow loop reads Engine mostly when told to. */
  engineWebhooks?: boolean;
  metrics: Metrics;
  logger: Logger;
}

const UNFINISHED: readonly ClaimStatus[] = UNFINISHED_CLAIM_STATUSES;
const RETRYABLE: readonly ClaimStatus[] = ["reserved", "queued", "submitted", "failed"];
/** A settled claim needs no driver, so the write that settles it gives its lease up too: no commit of its own. */
const NO_LEASE = { leaseOwner: null, leaseUntil: null } satisfies ClaimPatch;
/** With webhooks on, every followed claim's Engine record is still read every this many ticks: lost deliveries. */
const FALLBACK_POLL_TICKS = 10;
/**
 * While Engine cannot sign, it is asked to sign a message after this long, then twice as long each time it still
 * cannot, up to `SIGNING_PROBE_MAX_MS`: an operator's fix is seen within half a minute, for one cheap call a while.
 */
const SIGNING_PROBE_FIRST_MS = 1_000;
const SIGNING_PROBE_MAX_MS = 30_000;

/** What one look at a claim found: Engine's record of its current attempt, and the chain's. */
interface Sighting {
  engine: MintTransaction | null;
  chain: ChainObservation;
}

/**
 * What the driver does about one claim after a look: the store write it needs (null: none), then what follows
 * that write (`afterWrite`), given the claim as written (null when the compare-and-set did not apply).
 */
interface Move {
  write: ClaimTransition | null;
  afterWrite: (written: ClaimRecord | null) => Promise<ClaimRecord>;
}

/** Who asks for a failed claim to be tried again: its owner within `maxAttempts`, or an operator, one attempt more. */
export type RetryBy = "owner" | "operator";

/**
 * Moves claims through reserved → queued → submitted → confirmed (or failed), at most once per wallet (ADR 2):
 * - the rewards contract rewards a wallet once and refuses a second reward, whatever this process believes;
 * - each attempt is written ahead to the store (compare-and-set on status and attempt) before Engine is called,
 *   with its own idempotency key, so a stale copy never overwrites newer progress;
 * - `decideMint` holds the rules; this module only gathers the facts and applies its decisions;
 * - only the holder of a claim's lease drives it, one process at a time.
 * One follow loop per process drives every claim the process follows (ADR 28): each tick renews all their leases in
 * one store write, reads Engine in a batch and the chain in one JSON-RPC batch (one head read), and writes what
 * changed in one transaction. Status reads never call it: they read the store.
 */
export function createMintDriver(deps: MintDriverDeps) {
  const { store, minter, chainReader, metrics, logger } = deps;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** The claims the follow loop drives, each with what resolves its `follow` promise. */
  const followed = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  let loop: Promise<void> | undefined;
  let ticks = 0;
  /** Followed claims Engine's webhook said changed since their last Engine read. */
  const heard = new Set<string>();
  // Claims whose lease a reconciler step took and kept: given back when they settle or the driver stops.
  const stepped = new Set<string>();
  const rules: MintRules = { maxAttempts: deps.maxAttempts, graceBlocks: deps.graceBlocks };
  let stopped = false;
  /** Set while Engine cannot sign as the server wallet: the probe that lifts it, and what stops it with the driver. */
  let signingProbe: { done: Promise<void>; abort: AbortController } | undefined;

  /**
   * What a new reservation of `walletAddress` records: its id, this process's lease, no chain height (nothing scans
   * the chain from one) and, unless the contract already rewarded the wallet, its first attempt written ahead in the
   * same insert (`decideMint` would start one for a fresh reservation anyway).
   */
  async function reservationTerms(walletAddress: string): Promise<Pick<NewClaim, "id" | "lease" | "firstAttempt">> {
    const id = randomUUID();
    const terms = { id, lease: { owner, until: Date.now() + deps.leaseMs } };
    // Unread, the chain is asked again by `queue`, which answers the visitor as it always did when the chain is down.
    const [seen] = await chainReader.observeMany([{ wallet: walletAddress, txHash: null }]).catch(() => []);
    if (seen?.status !== "fulfilled" || seen.value.rewardedInBlock !== null) return terms;
    return { ...terms, firstAttempt: { engineTransactionId: attemptKey(id, 1), attemptAtBlock: seen.value.head } };
  }

  /**
   * Starts the first attempt of a claim this process just reserved (it holds the lease), then follows it: a claim
   * reserved with its attempt written ahead goes straight to Engine. An Engine failure is thrown for the visitor's
   * 503, but the attempt stays written: the follow loop settles it.
   */
  async function queue(claim: ClaimRecord): Promise<ClaimRecord> {
    try {
      if (claim.status !== "queued") return await advance(claim, rules);
      const unattempted = {
        ...claim,
        status: "reserved" as const,
        attempts: 0,
        engineTransactionId: null,
        attemptAtBlock: null,
      };
      return await sendAttempt(unattempted, claim);
    } finally {
      void follow(claim);
    }
  }

  /** Tries a `failed` claim again, when this process can take its lease and `by` may. */
  async function retry(claim: ClaimRecord, by: RetryBy): Promise<ClaimRecord> {
    const leased = await store.claims.acquireLease(claim.id, owner, Date.now(), Date.now() + deps.leaseMs);
    if (!leased) return claim;
    // Unset when the attempt threw (Engine's answer lost): it may be written, so the follow loop takes the claim on.
    let after: ClaimRecord | undefined = leased;
    try {
      if (leased.status !== "failed") return leased;
      after = undefined;
      after = await advance(leased, by === "owner" ? rules : { ...rules, maxAttempts: leased.attempts + 1 });
      return after;
    } finally {
      // A claim settled, or still failed with no attempt left, needs no driver: its lease is given back at once.
      if (after && !UNFINISHED.includes(after.status)) await store.claims.releaseLease(claim.id, owner);
      else void follow(leased);
    }
  }

  /** True when the owner may still retry this failed claim; false once its attempts are used up. */
  function mayRetry(claim: ClaimRecord): boolean {
    return claim.attempts < deps.maxAttempts;
  }

  /** Brings one claim up to date with Engine and the chain; the caller holds its lease. Throws what its move threw. */
  async function advance(claim: ClaimRecord, within: MintRules): Promise<ClaimRecord> {
    const [moved] = await moveAll([claim], within);
    if (moved?.status === "rejected") throw moved.reason;
    return moved?.value ?? claim;
  }

  /**
   * Brings claims whose leases the caller holds up to date: one look at Engine and the chain for them all, and
   * every write their moves need in one store transaction; then what follows each write (Engine calls). A claim's
   * failure is its own: the others still move.
   */
  async function moveAll(
    claims: readonly ClaimRecord[],
    within: MintRules,
    askEngine: (claim: ClaimRecord) => boolean = () => true,
  ): Promise<PromiseSettledResult<ClaimRecord>[]> {
    if (claims.length === 0) return [];
    const sightings = await look(claims, askEngine);
    const moves = await Promise.all(
      claims.map((claim, index) => {
        const sighting = sightings[index] as PromiseSettledResult<Sighting>;
        return sighting.status === "fulfilled" ? planMove(claim, sighting.value, within) : unseen(sighting.reason);
      }),
    );
    const written = await store.claims.transitionMany(moves.flatMap((move) => (move.write ? [move.write] : [])));
    let next = 0;
    return Promise.allSettled(moves.map((move) => move.afterWrite(move.write ? (written[next++] ?? null) : null)));
  }

  /**
   * Engine's record of the current attempt of each claim `askEngine` picks (one batched read), then the chain's (a
   * few JSON-RPC calls for them all). A claim Engine is not asked about has no Engine record this time, which the
   * rules read as an attempt Engine does not show: wait, until its grace period is over. A claim whose chain read
   * failed has no sighting: its move fails alone.
   */
  async function look(
    claims: readonly ClaimRecord[],
    askEngine: (claim: ClaimRecord) => boolean,
  ): Promise<PromiseSettledResult<Sighting>[]> {
    // A claim whose only attempt was taken back (unsigned) has none counted, but its key is still on record.
    const engineIds = claims.map((claim) =>
      (claim.attempts > 0 || claim.engineTransactionId !== null) && askEngine(claim)
        ? (claim.engineTransactionId ?? attemptKey(claim.id, claim.attempts))
        : null,
    );
    const asked = engineIds.filter((id) => id !== null);
    const engine = asked.length > 0 ? await minter.getTransactions(asked) : new Map<string, MintTransaction>();
    const records = engineIds.map((id) => (id === null ? null : (engine.get(id) ?? null)));
    const chain = await chainReader.observeMany(
      claims.map((claim, index) => ({ wallet: claim.walletAddress, txHash: records[index]?.txHash ?? claim.txHash })),
    );
    return chain.map((seen, index) =>
      seen.status === "fulfilled"
        ? { status: "fulfilled", value: { engine: records[index] ?? null, chain: seen.value } }
        : seen,
    );
  }

  /** Turns `decideMint`'s decision about one claim into its store write and what follows it. */
  async function planMove(claim: ClaimRecord, { engine, chain }: Sighting, within: MintRules): Promise<Move> {
    const txHash = engine?.txHash ?? claim.txHash;
    const decision = decideMint(
      {
        status: claim.status,
        attempts: claim.attempts,
        attemptAtBlock: claim.attemptAtBlock,
        txHash,
        engine,
        chain,
        takenBack: lastKeyNumber(claim) > claim.attempts,
        signingBlocked: signingBlocked(),
      },
      within,
    );
    switch (decision.kind) {
      case "wait":
        return unchanged(claim);
      case "submitted":
        return markSubmitted(claim, decision.txHash);
      case "confirm":
        return confirm(claim, decision.txHash ?? (await rewardHash(claim, decision.block)));
      case "attempt":
        return startAttempt(claim, decision.reason, chain.head);
      case "unsigned":
        return takeBackUnsigned(claim, decision.reason);
      case "fail":
        return fail(claim, decision.reason);
    }
  }

  /** A claim that could not be seen this time: no write, and its step fails with why. */
  function unseen(reason: unknown): Move {
    return { write: null, afterWrite: () => Promise.reject(reason as Error) };
  }

  function unchanged(claim: ClaimRecord): Move {
    return { write: null, afterWrite: async () => claim };
  }

  function fail(claim: ClaimRecord, reason: string): Move {
    return {
      write: {
        id: claim.id,
        fromStatuses: UNFINISHED,
        patch: { status: "failed", lastError: reason, ...NO_LEASE },
        guard: { attempts: claim.attempts },
      },
      afterWrite: async (written) => {
        if (!written) return reread(claim);
        metrics.claims.inc({ outcome: "failed" });
        logger.warn({ claimId: claim.id, attempts: claim.attempts, reason }, "mint failed for good");
        return written;
      },
    };
  }

  /**
   * The attempt Engine could not sign sent nothing, so it does not count: `attempts` goes back by one while its key
   * stays on record (the next attempt's key is a new one). Engine will sign nothing for any claim until the operator
   * fixes the vault token or the server wallet, so new claims pause until a probe sees it sign again.
   */
  function takeBackUnsigned(claim: ClaimRecord, reason: string): Move {
    return {
      write: {
        id: claim.id,
        fromStatuses: UNFINISHED,
        patch: { attempts: claim.attempts - 1, lastError: reason },
        guard: { attempts: claim.attempts },
      },
      afterWrite: async (written) => {
        if (!written) return reread(claim);
        metrics.mintSigningFailures.inc();
        logger.error(
          { claimId: claim.id, attempt: claim.attempts, reason },
          "Engine could not sign the reward (ENGINE_VAULT_ACCESS_TOKEN or ENGINE_SERVER_WALLET): the attempt is not counted, the claim waits, new claims are paused until Engine signs again",
        );
        blockSigning();
        return written;
      },
    };
  }

  /** Marks Engine unable to sign, and probes it with back-off until it signs again, which lifts the pause. */
  function blockSigning(): void {
    if (signingProbe || stopped) return;
    const abort = new AbortController();
    metrics.mintingBlocked.set(1);
    signingProbe = { abort, done: outsideAnyRequest(() => probeUntilSigned(abort.signal)) };
  }

  async function probeUntilSigned(signal: AbortSignal): Promise<void> {
    for (let waitMs = SIGNING_PROBE_FIRST_MS; ; waitMs = Math.min(waitMs * 2, SIGNING_PROBE_MAX_MS)) {
      const woke = await sleep(waitMs, true, { signal }).catch(() => false);
      if (!woke) return;
      const proof = await minter.proveSigning().catch((error: unknown) => ({ signed: false, reason: String(error) }));
      if (proof.signed) break;
      logger.warn({ reason: proof.reason }, "Engine still cannot sign as the server wallet: claims stay paused");
    }
    signingProbe = undefined;
    metrics.mintingBlocked.set(0);
    logger.info("Engine signs as the server wallet again: claims resume, held claims get their next attempt");
  }

  /**
   * Writes the attempt ahead (so a crash leaves its key on record), then queues it with Engine. An outright refusal
   * (nothing queued) takes the write-ahead back, so a rate-limited Engine does not use up the claim's attempts.
   */
  function startAttempt(claim: ClaimRecord, reason: string | null, head: bigint): Move {
    const attempt = claim.attempts + 1;
    const idempotencyKey = attemptKey(claim.id, Math.max(attempt, lastKeyNumber(claim) + 1));
    const write: ClaimTransition = {
      id: claim.id,
      fromStatuses: RETRYABLE,
      patch: {
        status: "queued",
        attempts: attempt,
        // Engine Cloud's transaction id is the idempotency key itself.
        engineTransactionId: idempotencyKey,
        txHash: null,
        attemptAtBlock: head,
        lastError: reason,
      },
      guard: { attempts: claim.attempts },
    };
    return { write, afterWrite: async (written) => (written ? sendAttempt(claim, written) : reread(claim)) };
  }

  /** Queues the attempt `written` ahead with Engine; `before` is the claim as it was before that write. */
  async function sendAttempt(before: ClaimRecord, written: ClaimRecord): Promise<ClaimRecord> {
    const attempt = written.attempts;
    const idempotencyKey = written.engineTransactionId ?? attemptKey(before.id, attempt);
    metrics.claims.inc({ outcome: "queued" });
    let transactionId: string;
    try {
      ({ transactionId } = await minter.queueReward({ to: before.walletAddress, idempotencyKey }));
    } catch (error) {
      if (error instanceof RewardNotQueuedError) await takeBack(written, before, error);
      throw error;
    }
    logger.info({ claimId: before.id, attempt, transactionId }, "reward queued");
    if (transactionId === idempotencyKey) return written;
    return (
      (await store.claims.transition(
        before.id,
        UNFINISHED,
        { engineTransactionId: transactionId },
        { attempts: attempt },
      )) ?? reread(before)
    );
  }

  /** Restores the claim as it was before an attempt Engine refused: that attempt's key was never used. */
  async function takeBack(written: ClaimRecord, before: ClaimRecord, error: RewardNotQueuedError): Promise<void> {
    logger.warn(
      { claimId: before.id, attempt: written.attempts, err: error },
      "Engine refused the reward; not counted",
    );
    await store.claims.transition(
      before.id,
      ["queued"],
      {
        status: before.status,
        attempts: before.attempts,
        engineTransactionId: before.engineTransactionId,
        txHash: before.txHash,
        attemptAtBlock: before.attemptAtBlock,
        lastError: `Engine refused attempt ${written.attempts}: ${error.cause instanceof Error ? error.cause.message : "4xx"}`,
      },
      { attempts: written.attempts },
    );
  }

  /** The hash of the transaction that rewarded the claim's wallet in `block`; null (wait) while the node lacks the log. */
  async function rewardHash(claim: ClaimRecord, block: bigint): Promise<string | null> {
    const txHash = await chainReader.rewardTransaction(claim.walletAddress, block);
    if (!txHash)
      logger.warn({ claimId: claim.id, block: String(block) }, "the reward's log is not found yet; will retry");
    return txHash;
  }

  /** A confirmed claim always names the transaction that rewarded its wallet, so a null hash means "not yet". */
  function confirm(claim: ClaimRecord, txHash: string | null): Move {
    if (!txHash) return unchanged(claim);
    return {
      write: {
        id: claim.id,
        fromStatuses: RETRYABLE,
        patch: { status: "confirmed", txHash, lastError: null, ...NO_LEASE },
      },
      afterWrite: async (confirmed) => {
        if (!confirmed) return reread(claim);
        metrics.claims.inc({ outcome: "confirmed" });
        metrics.mintLatency.observe((Date.now() - claim.createdAt.getTime()) / 1000);
        logger.info({ claimId: claim.id, txHash }, "reward confirmed");
        return confirmed;
      },
    };
  }

  function markSubmitted(claim: ClaimRecord, txHash: string): Move {
    if (claim.status === "submitted" && claim.txHash === txHash) return unchanged(claim);
    return {
      write: {
        id: claim.id,
        fromStatuses: UNFINISHED,
        patch: { status: "submitted", txHash },
        guard: { attempts: claim.attempts },
      },
      afterWrite: async (written) => written ?? reread(claim),
    };
  }

  async function reread(claim: ClaimRecord): Promise<ClaimRecord> {
    return (await store.claims.findById(claim.id)) ?? claim;
  }

  /**
   * Drives the claim until it settles, while this process holds its lease, in the process's one follow loop.
   * Another process's live lease ends the following at once; the reconciler offers the claim again later.
   * Resolves when this process stops following the claim (settled, lease lost, or the driver stopped).
   */
  function follow(claim: ClaimRecord): Promise<void> {
    const existing = followed.get(claim.id);
    if (existing) return existing.promise;
    if (stopped) return Promise.resolve();
    let resolve = () => {};
    const promise = new Promise<void>((settle) => (resolve = settle));
    followed.set(claim.id, { promise, resolve });
    // The loop drives every claim followed from now on, whichever request queued it.
    loop ??= outsideAnyRequest(followLoop);
    return promise;
  }

  function unfollow(claimId: string): void {
    followed.get(claimId)?.resolve();
    followed.delete(claimId);
    heard.delete(claimId);
  }

  /**
   * Engine's webhook says `transactionId` changed: when it is an attempt of a claim this process follows, the next
   * tick reads that claim's Engine record. Engine Cloud's transaction id is the attempt's idempotency key
   * (`attemptKey`). False when no claim followed here has that attempt.
   */
  function hear(transactionId: string): boolean {
    const claimId = claimIdOfAttemptKey(transactionId);
    if (!followed.has(claimId)) return false;
    heard.add(claimId);
    return true;
  }

  /** Runs while there are claims to follow; the first tick waits an interval, since `queue` has just moved the claim. */
  async function followLoop(): Promise<void> {
    while (followed.size > 0 && !stopped) {
      await sleep(deps.followIntervalMs);
      if (stopped) break;
      await followTick().catch((error: unknown) =>
        logger.warn({ err: error, claimIds: [...followed.keys()] }, "following claims failed; will retry"),
      );
    }
    loop = undefined;
  }

  /**
   * One tick for every followed claim: renewing the leases is the tick's one lease write, and leaves out the claims
   * that settled meanwhile or that another process holds, which this process stops following.
   */
  async function followTick(): Promise<void> {
    const ids = [...followed.keys()];
    const now = Date.now();
    const held = await store.claims.acquireLeases(ids, owner, now, now + deps.leaseMs);
    const heldIds = new Set(held.map((claim) => claim.id));
    for (const id of ids) if (!heldIds.has(id)) unfollow(id);
    const pollAll = !deps.engineWebhooks || ++ticks % FALLBACK_POLL_TICKS === 0;
    const askEngine = (claim: ClaimRecord) => pollAll || heard.delete(claim.id);
    const moved = await moveAll(held, rules, askEngine);
    moved.forEach((result, index) => {
      const claim = held[index] as ClaimRecord;
      if (result.status === "rejected")
        logger.warn({ claimId: claim.id, err: result.reason }, "driving the mint failed; will retry");
      else if (!UNFINISHED.includes(result.value.status)) unfollow(claim.id);
    });
  }

  /**
   * Moves claims nobody here follows by one step, the reconciler's unit of work: it takes (or renews) their leases
   * in one write and keeps them while the claims are unfinished, so other processes leave them alone; it never waits
   * for a claim to settle, so claims that take long cannot hold the reconciler up.
   */
  async function step(claims: readonly ClaimRecord[]): Promise<void> {
    const ids = claims.filter((claim) => !followed.has(claim.id)).map((claim) => claim.id);
    if (stopped || ids.length === 0) return;
    const now = Date.now();
    const held = await store.claims.acquireLeases(ids, owner, now, now + deps.leaseMs);
    for (const claim of held) stepped.add(claim.id);
    const moved = await moveAll(held, rules).catch((error: unknown) => {
      logger.warn({ claimIds: held.map((claim) => claim.id), err: error }, "reconciling claims failed; will retry");
      return [];
    });
    moved.forEach((result, index) => {
      const claim = held[index] as ClaimRecord;
      if (result.status === "rejected")
        logger.warn({ claimId: claim.id, err: result.reason }, "reconciling the claim failed; will retry");
      // The write that settled it gave its lease up.
      else if (!UNFINISHED.includes(result.value.status)) stepped.delete(claim.id);
    });
  }

  async function giveBack(claimId: string): Promise<void> {
    stepped.delete(claimId);
    await store.claims.releaseLease(claimId, owner);
  }

  /**
   * Ends the follow loop and the signing probe, and gives every lease up, so another process can take the claims at
   * once.
   */
  async function stop(): Promise<void> {
    stopped = true;
    signingProbe?.abort.abort();
    await Promise.all([loop, signingProbe?.done]);
    const following = [...followed.keys()];
    following.forEach(unfollow);
    await Promise.all([...following, ...stepped].map(giveBack));
  }

  /** True while Engine cannot sign as the server wallet: a new claim could only wait, so none is taken. */
  function signingBlocked(): boolean {
    return signingProbe !== undefined;
  }

  return { reservationTerms, queue, retry, mayRetry, follow, hear, step, stop, signingBlocked };
}

/**
 * The number of the last key sent for the claim (`<claimId>-<n>`). It equals `attempts` but after an unsigned
 * attempt, which was taken back and left its key on record: the next key must be past it, as no key is sent twice.
 */
function lastKeyNumber(claim: ClaimRecord): number {
  const id = claim.engineTransactionId;
  const number = id && claimIdOfAttemptKey(id) === claim.id ? Number(id.slice(claim.id.length + 1)) : Number.NaN;
  return Number.isSafeInteger(number) ? number : claim.attempts;
}

export type MintDriver = ReturnType<typeof createMintDriver>;
