/**
 * `npm run claims`: the operator's view of the claim store, and the operator's controls. Exports claims (CSV or JSON)
 * filtered by status and creation date, totals them by status, and re-checks or retries failed claims through the
 * server's own mint driver (the chain is asked first, and every step is the same compare-and-set the server makes).
 * Pauses and resumes new claims, denies and allows wallets and Google accounts, and resolves a stuck claim from the
 * rewards contract's record; each of those is logged with who ran it and counted in the store for /metrics.
 * Erases the personal data of claims past their retention period, keeping what stops an account claiming twice.
 */
import os from "node:os";
import { CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";
import { mintDriverFromConfig } from "@tube/backend/claims/mint-driver-from-config";
import { resolveClaim } from "@tube/backend/claims/resolve-claim";
import { loadConfig } from "@tube/backend/config";
import { createLogger, type Logger } from "@tube/backend/observability/logger";
import { createMetrics } from "@tube/backend/observability/metrics";
import type { ClaimFilter, ClaimRecord } from "@tube/backend/store/claim-repository";
import type { ClaimStore } from "@tube/backend/store/claim-store";
import type { DenyKind, OperatorAction } from "@tube/backend/store/operator-controls";
import { openClaimStore } from "@tube/backend/store/open-claim-store";
import { defineCommand, message, type CommandIo } from "./cli.ts";
import { csvField } from "./csv.ts";

/** How long a claim's personal data is kept after the claim: 12 months, as the privacy policy says. */
const RETENTION_DAYS = 365;

const USAGE = `Usage: npm run claims -- <action> [options]

  export              print claims as CSV (default) or JSON
  totals              count claims by status, and the confirmed ones not yet finalized
  retry               re-check every failed claim with the rewards contract, then give it one more attempt, also
                      past MINT_MAX_ATTEMPTS (an owner's own retries stop there); with --dry-run, only list them
  pause               refuse new claims on every server (within 2 s; CLAIMS_PAUSED, 503); claims already under way
                      still finish
  resume              accept new claims again
  deny                refuse claims from a wallet (--wallet <address>) or a Google account (--google-sub <sub>)
  allow               take a wallet or a Google account off the deny list (same options)
  resolve <claimId>   settle a stuck claim from the rewards contract: confirmed with the reward's hash if the
                      contract paid its wallet (in a final block), else failed, so that retry can try once more
  erase-expired       erase the personal data of claims created more than --older-than-days ago: the Google
                      account id becomes its keyed fingerprint (HMAC-SHA256 under CLAIM_GATE_KEY), so the account
                      still cannot claim again, and any e-mail an older version stored is cleared; the wallet and
                      the transaction hash stay. Safe to run again (daily, say). The first run records a check
                      of the key in the store: from then on every server, and this command, refuses to open the
                      store without that key or with another
  erase               erase the personal data of one wallet's claim now, whatever its age (--wallet <address>), as
                      erase-expired does: a viewer's request to delete their data

Options:
  --status <status>   only claims in this status (${CLAIM_STATUSES.join(", ")})
  --since <date>      only claims created at or after this date (ISO 8601, e.g. 2026-11-01)
  --until <date>      only claims created before this date
  --format <csv|json> export format (default csv)
  --dry-run           retry: change nothing
  --wallet <address>  deny, allow, erase: the wallet
  --google-sub <sub>  deny, allow: the Google account's id (the googleSub column of export)
  --older-than-days <n>  erase-expired: the retention period in days (default ${RETENTION_DAYS})
  --by <name>         who is acting, for the log (default: the OS user)
  -h, --help          this text

Reads the store and services from the environment and .env, like the server. pause, resume, deny, allow and
resolve log one line each (who, when, what) and count in tube_operator_actions_total.`;

const ACTIONS = [
  "export",
  "totals",
  "retry",
  "pause",
  "resume",
  "deny",
  "allow",
  "resolve",
  "erase-expired",
  "erase",
] as const;
type Action = (typeof ACTIONS)[number];

const COLUMNS = [
  "id",
  "status",
  "walletAddress",
  "googleSub",
  "amountWei",
  "txHash",
  "engineTransactionId",
  "attempts",
  "lastError",
  "finalAt",
  "createdAt",
  "updatedAt",
] as const;

export const claimsCommand = defineCommand(
  {
    usage: USAGE,
    options: {
      status: { type: "string" },
      since: { type: "string" },
      until: { type: "string" },
      format: { type: "string", default: "csv" },
      "dry-run": { type: "boolean" },
      wallet: { type: "string" },
      "google-sub": { type: "string" },
      by: { type: "string" },
      "older-than-days": { type: "string" },
    },
  },
  async ({ values, positionals }, io) => {
    const [action, claimId] = positionals;
    if (!(ACTIONS as readonly string[]).includes(action ?? ""))
      throw new Error(`say ${ACTIONS.join(", ")} (see --help)`);
    if (action === "resolve" && !claimId) throw new Error("resolve needs the claim's id");
    const filter = parseFilter(values);
    const denied = action === "deny" || action === "allow" ? parseDenied(values) : null;
    const retentionDays = parseRetentionDays(values["older-than-days"]);
    const config = loadConfig(io.env);
    const { store } = await openClaimStore(config.storeOptions);
    const operator = {
      store,
      by: values.by ?? os.userInfo().username,
      out: io.out,
      // The operator's log lines go where the command's output goes.
      logger: createLogger("info", { write: (line: string) => io.out(line.trimEnd()) }).child({
        component: "operator",
      }),
    };
    try {
      switch (action as Action) {
        case "export":
          return exportClaims(io, await store.claims.list(filter), values.format ?? "csv");
        case "totals":
          return printTotals(io, await store.claims.list(filter));
        case "retry":
          return await retryFailed(io, store, config, filter, Boolean(values["dry-run"]));
        case "pause":
        case "resume":
          return await setPaused(operator, action === "pause");
        case "deny":
        case "allow":
          return await changeDenyList(operator, action === "deny", denied!);
        case "resolve":
          return await resolve(operator, config, claimId!);
        case "erase-expired":
          return await eraseExpired(operator, retentionDays);
        case "erase":
          return await eraseOnRequest(operator, values.wallet);
      }
    } finally {
      await store.close();
    }
  },
);

function parseFilter(values: { status?: string; since?: string; until?: string }): ClaimFilter {
  const filter: ClaimFilter = {};
  if (values.status !== undefined) {
    if (!(CLAIM_STATUSES as readonly string[]).includes(values.status))
      throw new Error(`--status must be one of ${CLAIM_STATUSES.join(", ")}`);
    filter.status = values.status as ClaimStatus;
  }
  if (values.since !== undefined) filter.createdFrom = parseDate("--since", values.since);
  if (values.until !== undefined) filter.createdBefore = parseDate("--until", values.until);
  return filter;
}

function parseRetentionDays(text: string | undefined): number {
  if (text === undefined) return RETENTION_DAYS;
  if (!/^\d+$/.test(text)) throw new Error(`--older-than-days must be a whole number of days, got ${text}`);
  return Number(text);
}

/** The cutoff is counted back from now; the run is logged and counted like the other operator actions. */
async function eraseExpired(operator: Operator, retentionDays: number): Promise<boolean> {
  const createdBefore = new Date(Date.now() - retentionDays * 86_400_000);
  const erased = await operator.store.claims.eraseExpired(createdBefore);
  await record(operator, "erase-expired", { createdBefore: createdBefore.toISOString(), erased });
  operator.out(`erased the personal data of ${erased} claim(s) created before ${createdBefore.toISOString()}`);
  return true;
}

/** A viewer's deletion request: their claim loses its personal data at once, exactly as an expired one does. */
async function eraseOnRequest(operator: Operator, wallet: string | undefined): Promise<boolean> {
  if (wallet === undefined) throw new Error("erase needs the viewer's wallet: --wallet <address>");
  const erased = await operator.store.claims.eraseExpired(new Date(Date.now() + 1), parseWallet(wallet));
  await record(operator, "erase", { wallet, erased });
  operator.out(`erased the personal data of ${erased} claim(s) of ${wallet}`);
  return true;
}

function parseDate(flag: string, text: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new Error(`${flag} must be an ISO 8601 date, got ${text}`);
  return date;
}

function exportClaims(io: CommandIo, claims: ClaimRecord[], format: string): boolean {
  const rows = claims.map((claim) => Object.fromEntries(COLUMNS.map((column) => [column, cell(claim[column])])));
  if (format === "json") {
    io.out(JSON.stringify(rows, null, 2));
  } else if (format === "csv") {
    io.out(COLUMNS.join(","));
    for (const row of rows) io.out(COLUMNS.map((column) => csvField(row[column] ?? "")).join(","));
  } else {
    throw new Error("--format must be csv or json");
  }
  return true;
}

function cell(value: ClaimRecord[keyof ClaimRecord]): string | number | null {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return value;
}

function printTotals(io: CommandIo, claims: ClaimRecord[]): boolean {
  const counts = new Map<string, number>(CLAIM_STATUSES.map((status) => [status, 0]));
  for (const claim of claims) counts.set(claim.status, (counts.get(claim.status) ?? 0) + 1);
  for (const [status, count] of counts) io.out(`${status.padEnd(10)} ${count}`);
  // Confirmed at the configured finality; until `finalized` covers the reward the server checks it once more.
  const awaiting = claims.filter((claim) => claim.status === "confirmed" && claim.finalAt === null).length;
  io.out(`  of which awaiting finality ${awaiting}`);
  io.out(`${"total".padEnd(10)} ${claims.length}`);
  return true;
}

async function retryFailed(
  io: CommandIo,
  store: ClaimStore,
  config: ReturnType<typeof loadConfig>,
  filter: ClaimFilter,
  dryRun: boolean,
): Promise<boolean> {
  if (filter.status && filter.status !== "failed")
    throw new Error("retry takes failed claims only (leave --status out)");
  const failed = await store.claims.list({ ...filter, status: "failed" });
  if (failed.length === 0) {
    io.out("no failed claims");
    return true;
  }
  const { mintDriver } = mintDriverFromConfig(config, {
    store,
    metrics: createMetrics(),
    logger: createLogger("silent"),
  });
  let ok = true;
  try {
    for (const claim of failed) {
      if (dryRun) {
        io.out(`would retry ${claim.id} (${claim.walletAddress}): ${claim.lastError ?? "no error recorded"}`);
        continue;
      }
      try {
        const after = await mintDriver.retry(claim, "operator");
        io.out(
          `${claim.id} (${claim.walletAddress}): failed → ${after.status}${after.txHash ? ` ${after.txHash}` : ""}`,
        );
      } catch (error) {
        ok = false;
        io.out(`${claim.id} (${claim.walletAddress}): still failed: ${message(error)}`);
      }
    }
  } finally {
    // retry() leaves the follow loop holding each claim's lease; stopping ends it and gives the leases back before
    // the store closes, so the server's mint loop can take the claims at once instead of after the lease expires.
    await mintDriver.stop();
  }
  return ok;
}

interface Operator {
  store: ClaimStore;
  by: string;
  out: CommandIo["out"];
  logger: Logger;
}

/** Counts the action in the store (for every server's /metrics) and logs who took it and when. */
async function record(operator: Operator, action: OperatorAction, details: Record<string, unknown>): Promise<void> {
  await operator.store.operator.countAction(action);
  operator.logger.info({ action, by: operator.by, at: new Date().toISOString(), ...details }, "operator action");
}

function parseDenied(values: { wallet?: string; "google-sub"?: string }): { kind: DenyKind; value: string } {
  const { wallet, "google-sub": googleSub } = values;
  if ((wallet === undefined) === (googleSub === undefined)) throw new Error("give one of --wallet or --google-sub");
  if (wallet !== undefined) return { kind: "wallet", value: parseWallet(wallet) };
  if (!googleSub) throw new Error("--google-sub must not be empty");
  return { kind: "googleAccount", value: googleSub };
}

function parseWallet(wallet: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(wallet)) throw new Error(`--wallet must be a 0x address, got ${wallet}`);
  return wallet.toLowerCase();
}

async function setPaused(operator: Operator, paused: boolean): Promise<boolean> {
  const controls = await operator.store.operator.setPaused(paused, operator.by);
  await record(operator, paused ? "pause" : "resume", {});
  operator.out(
    paused
      ? `claims paused by ${operator.by} at ${controls.pausedAt?.toISOString()}: every server refuses new claims within 2 s`
      : "claims resumed: every server accepts new claims within 2 s",
  );
  return true;
}

async function changeDenyList(
  operator: Operator,
  deny: boolean,
  { kind, value }: { kind: DenyKind; value: string },
): Promise<boolean> {
  const label = kind === "wallet" ? "wallet" : "Google account";
  if (deny) {
    await operator.store.operator.deny(kind, value, operator.by);
    await record(operator, "deny", { kind, value });
    operator.out(`${label} ${value} denied: its claims are refused from now on`);
    return true;
  }
  const removed = await operator.store.operator.allow(kind, value);
  await record(operator, "allow", { kind, value, removed });
  operator.out(removed ? `${label} ${value} allowed again` : `${label} ${value} was not on the deny list`);
  return true;
}

async function resolve(operator: Operator, config: ReturnType<typeof loadConfig>, claimId: string): Promise<boolean> {
  const { chainReader } = mintDriverFromConfig(config, {
    store: operator.store,
    metrics: createMetrics(),
    logger: createLogger("silent"),
  });
  const outcome = await resolveClaim({ store: operator.store, chainReader }, claimId);
  const { claim } = outcome;
  const from = `${claimId} (${claim.walletAddress})`;
  switch (outcome.kind) {
    case "confirmed":
      await record(operator, "resolve", { claimId, outcome: "confirmed", txHash: claim.txHash });
      operator.out(`${from}: confirmed, rewarded by ${claim.txHash}`);
      return true;
    case "failed":
      await record(operator, "resolve", { claimId, outcome: "failed" });
      operator.out(`${from}: failed, not rewarded on chain; \`npm run claims -- retry\` gives it one more attempt`);
      return true;
    case "not-final":
      operator.out(
        `${from}: rewarded in block ${outcome.rewardedInBlock}, not final yet (final head ${outcome.finalHead}); nothing changed, the server confirms it once final`,
      );
      return true;
    case "unchanged":
      operator.out(`${from}: unchanged, ${outcome.reason}`);
      return true;
  }
}
