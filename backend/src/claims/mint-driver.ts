import { randomUUID } from "node:crypto";
import { EventEmitter, once } from "node:events";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { UNFINISHED_CLAIM_STATUSES } from "@tube/common/constants";
import type { ChainReader, Minter } from "../minting/minter.ts";
import type { Logger } from "../observability/logger.ts";
import type { Metrics } from "../observability/metrics.ts";
import { outsideAnyRequest } from "../observability/request-context.ts";
import type { ClaimRecord, NewClaim } from "../store/claim-repository.ts";
import type { ClaimStore } from "../store/claim-store.ts";
import { attemptKey } from "./attempt-key.ts";
import type { MintRules } from "./mint-decision.ts";
import { sendAttempt, stepClaims, type StepContext } from "./mint-step.ts";
import { createSigningPause } from "./signing-pause.ts";

export interface MintDriverDeps {
  store: ClaimStore;
  minter: Minter;
  chainReader: ChainReader;
  maxAttempts: number;
  /** Tests shorten these to show a rule in seconds. */
  tuning?: MintTuning;
  metrics: Metrics;
  logger: Logger;
}

/** The owner retries within `maxAttempts`; an operator grants one more. */
export type RetryBy = "owner" | "operator";

/** About a minute, past Engine's usual send. */
const MINT_GRACE_BLOCKS = 240n;
/** After this, another process takes over a crashed one's claims. */
const CLAIM_LEASE_MS = 30_000;
/** Two Arbitrum One blocks. */
export const MINT_FOLLOW_INTERVAL_MS = 500;
/** One Arbitrum One block: how often a sent reward's receipt is looked for between passes. */
const RECEIPT_FOLLOW_MS = 250;

export interface MintTuning {
  graceBlocks?: bigint;
  leaseMs?: number;
  intervalMs?: number;
}

/** Claims a pass steps together (one Engine read, one chain read). */
const PASS_GROUP = 200;
/** `finalized` moves every few minutes. */
const FINALITY_CHECK_PASSES = 60;

/** Each attempt is written ahead before Engine is called; only a claim's lease holder drives it (ADR 2, 28). */
export function createMintDriver(deps: MintDriverDeps) {
  const { store, logger } = deps;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const {
    graceBlocks = MINT_GRACE_BLOCKS,
    leaseMs = CLAIM_LEASE_MS,
    intervalMs = MINT_FOLLOW_INTERVAL_MS,
  } = deps.tuning ?? {};
  const rules: MintRules = { maxAttempts: deps.maxAttempts, graceBlocks };
  const signing = createSigningPause(deps);
  /** Queued, unmined at the last look (wallet → hash): looked for every block until the next pass. */
  const unmined = new Map<string, string | null>();
  const ctx: StepContext = { ...deps, signing, onUnmined: ({ wallet, txHash }) => unmined.set(wallet, txHash) };
  const loop = createLoop(
    () => pass(),
    async () =>
      unmined.size > 0 &&
      deps.chainReader.anyMined([...unmined].map(([wallet, txHash]) => ({ wallet, txHash }))).catch(() => false),
  );
  /** Each held read of a claim is one listener on its id. */
  const moves = new EventEmitter().setMaxListeners(0);
  const moved = (before: ClaimRecord, after: ClaimRecord) => {
    if (after.status !== before.status) moves.emit(after.id);
    return after;
  };
  /** Leased here and looked at: the next pass asks Engine about them only when told. */
  let leased = new Set<string>();
  /** Moved by a request here right now: the loop leaves them to it. */
  const inHand = new Set<string>();
  let passes = 0;
  const lease = (id: string) => store.claims.acquireLease(id, owner, Date.now(), Date.now() + leaseMs);

  /** The first attempt is written ahead with the reservation, unless the wallet was already rewarded. */
  async function reservationTerms(walletAddress: string): Promise<Pick<NewClaim, "id" | "lease" | "firstAttempt">> {
    const id = randomUUID();
    const terms = { id, lease: { owner, until: Date.now() + leaseMs } };
    // Unread, the chain is asked again by `queue`.
    const [seen] = await deps.chainReader.observeMany([{ wallet: walletAddress, txHash: null }]).catch(() => []);
    if (seen?.status !== "fulfilled" || seen.value.rewardedInBlock !== null) return terms;
    return { ...terms, firstAttempt: { engineTransactionId: attemptKey(id, 1), attemptAtBlock: seen.value.head } };
  }

  async function queue(claim: ClaimRecord): Promise<ClaimRecord> {
    const after = await inHandWhile(claim.id, async () => {
      if (claim.status !== "queued") return advance(claim, rules);
      const unattempted = { ...claim, status: "reserved" as const, attempts: 0, engineTransactionId: null };
      return sendAttempt(ctx, { ...unattempted, attemptAtBlock: null }, claim);
    }).catch((error: unknown) => keptDespite(claim, error));
    if (after.status === "queued") unmined.set(after.walletAddress, null);
    return moved(claim, after);
  }

  /** A claim a failed send left unfinished is kept for the loop to send, and answered as it stands. */
  async function keptDespite(claim: ClaimRecord, error: unknown): Promise<ClaimRecord> {
    const kept = await store.claims.findById(claim.id).catch(() => null);
    if (!kept || kept.status === "failed") throw error;
    logger.warn({ claimId: claim.id, err: error }, "the reward was not sent now; the claim is kept and sent later");
    return kept;
  }

  async function retry(claim: ClaimRecord, by: RetryBy): Promise<ClaimRecord> {
    const leasedNow = await lease(claim.id);
    if (!leasedNow) return claim;
    if (leasedNow.status !== "failed") return leasedNow;
    const after = await inHandWhile(claim.id, () =>
      advance(leasedNow, by === "owner" ? rules : { ...rules, maxAttempts: leasedNow.attempts + 1 }),
    ).catch((error: unknown) => keptDespite(claim, error));
    if (!drives(after)) {
      leased.delete(claim.id);
      await store.claims.releaseLease(claim.id, owner);
    }
    return moved(claim, after);
  }

  async function inHandWhile(claimId: string, move: () => Promise<ClaimRecord>): Promise<ClaimRecord> {
    inHand.add(claimId);
    try {
      return await move();
    } finally {
      inHand.delete(claimId);
      leased.add(claimId);
    }
  }

  async function advance(claim: ClaimRecord, within: MintRules): Promise<ClaimRecord> {
    const [moved] = await stepClaims(ctx, [claim], within);
    if (moved?.status === "rejected") throw moved.reason;
    return moved?.value ?? claim;
  }

  async function pass(): Promise<void> {
    const number = passes++;
    unmined.clear();
    const unfinished = await store.claims.listUnfinished();
    const awaiting = number % FINALITY_CHECK_PASSES === 0 ? await store.claims.listAwaitingFinality() : [];
    const ids = [...unfinished, ...awaiting].filter((claim) => !inHand.has(claim.id)).map((claim) => claim.id);
    const stillLeased = new Set<string>();
    for (let start = 0; start < ids.length && !loop.stopped; start += PASS_GROUP) {
      const taken = (await Promise.all(ids.slice(start, start + PASS_GROUP).map(lease))).filter((claim) => !!claim);
      for (const claim of taken) if (!drives(claim)) await store.claims.releaseLease(claim.id, owner);
      const held = taken.filter(drives);
      let stepped: PromiseSettledResult<ClaimRecord>[];
      try {
        stepped = await stepClaims(ctx, held, rules);
      } catch (error) {
        logger.warn({ claimIds: held.map((claim) => claim.id), err: error }, "stepping claims failed; will retry");
        for (const claim of held) stillLeased.add(claim.id);
        continue;
      }
      stepped.forEach((result, index) => {
        const claim = held[index] as ClaimRecord;
        if (result.status === "rejected")
          logger.warn({ claimId: claim.id, err: result.reason }, "driving the mint failed; will retry");
        if (result.status === "rejected" || drives(result.value)) stillLeased.add(claim.id);
        if (result.status === "fulfilled") moved(claim, result.value);
      });
    }
    leased = new Set([...stillLeased, ...inHand]);
  }

  return {
    reservationTerms,
    queue,
    retry,
    mayRetry: (claim: ClaimRecord) => claim.attempts < deps.maxAttempts,
    signingBlocked: () => signing.isOn(),
    /** Only the lease holder's `watch` hears a claim's moves. */
    leads: (claim: ClaimRecord) => claim.leaseOwner === owner,
    /** Resolves when this process changes the claim's status, or on `signal`. */
    async watch(claimId: string, signal: AbortSignal): Promise<void> {
      await once(moves, claimId, { signal }).catch(() => {});
    },
    /** Not awaited: readiness never waits for the first pass. */
    start(): void {
      loop.start(intervalMs, (error) => logger.warn({ err: error }, "a pass over the claims failed; will retry"));
    },
    /** Gives every lease up, so another process can take the claims at once. */
    async stop(): Promise<void> {
      await Promise.all([loop.stop(), signing.stop()]);
      // Held reads answer now, so closing the server does not wait for them.
      for (const claimId of moves.eventNames()) moves.emit(claimId);
      await Promise.all([...leased].map((id) => store.claims.releaseLease(id, owner)));
      leased.clear();
    },
  };
}

/** `pass` every `intervalMs`; `stop`, or `mined` answering true, cuts the pause short. */
function createLoop(pass: () => Promise<void>, mined: () => Promise<boolean>) {
  let running: Promise<void> | undefined;
  let stopped = false;
  let woken = new AbortController();

  async function rest(intervalMs: number, signal: AbortSignal): Promise<void> {
    const until = Date.now() + intervalMs;
    for (let left = intervalMs; left > 0; left = until - Date.now()) {
      await sleep(Math.min(left, RECEIPT_FOLLOW_MS), undefined, { signal }).catch(() => {});
      if (signal.aborted || left <= RECEIPT_FOLLOW_MS || (await mined())) return;
    }
  }

  return {
    get stopped() {
      return stopped;
    },
    start(intervalMs: number, onError: (error: unknown) => void): void {
      running ??= outsideAnyRequest(async () => {
        while (!stopped) {
          woken = new AbortController();
          await pass().catch(onError);
          if (!stopped) await rest(intervalMs, woken.signal);
        }
      });
    },
    async stop(): Promise<void> {
      stopped = true;
      woken.abort();
      await running;
    },
  };
}

function drives(claim: ClaimRecord): boolean {
  return UNFINISHED_CLAIM_STATUSES.includes(claim.status) || (claim.status === "confirmed" && claim.finalAt === null);
}

export type MintDriver = ReturnType<typeof createMintDriver>;
