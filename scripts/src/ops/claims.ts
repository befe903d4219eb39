/**
 * `npm run claims`: the operator's view of the claim store. Exports claims (CSV or JSON) filtered by status and
 * creation date, totals them by status, and re-checks or retries failed claims through the server's own mint
 * driver (the chain is asked first, and every step is the same compare-and-set the server makes).
 */
import "dotenv/config";
import { CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";
import { mintDriverFromConfig } from "@tube/backend/claims/mint-driver-from-config";
import { loadConfig } from "@tube/backend/config";
import { createLogger } from "@tube/backend/observability/logger";
import { createMetrics } from "@tube/backend/observability/metrics";
import type { ClaimFilter, ClaimRecord, ClaimStore } from "@tube/backend/store/claim-store";
import { openClaimStore } from "@tube/backend/store/open-claim-store";
import { message, runCommand } from "./cli.ts";

const USAGE = `Usage: npm run claims -- <export|totals|retry> [options]

  export   print claims as CSV (default) or JSON
  totals   count claims by status
  retry    re-check every failed claim with the rewards contract, then give it one more attempt, also past
           MINT_MAX_ATTEMPTS (an owner's own retries stop there); with --dry-run, only list what would be retried

Options:
  --status <status>   only claims in this status (${CLAIM_STATUSES.join(", ")})
  --since <date>      only claims created at or after this date (ISO 8601, e.g. 2026-11-01)
  --until <date>      only claims created before this date
  --format <csv|json> export format (default csv)
  --dry-run           retry: change nothing
  -h, --help          this text

Reads the store and services from the environment and .env, like the server.`;

const COLUMNS = [
  "id",
  "status",
  "walletAddress",
  "googleEmail",
  "googleSub",
  "amountWei",
  "txHash",
  "engineTransactionId",
  "attempts",
  "lastError",
  "createdAt",
  "updatedAt",
] as const;

await runCommand(
  {
    usage: USAGE,
    options: {
      status: { type: "string" },
      since: { type: "string" },
      until: { type: "string" },
      format: { type: "string", default: "csv" },
      "dry-run": { type: "boolean" },
    },
  },
  async ({ values, positionals }) => {
    const [action] = positionals;
    if (action !== "export" && action !== "totals" && action !== "retry")
      throw new Error(`say export, totals or retry (see --help)`);
    const filter = parseFilter(values);
    const config = loadConfig();
    const { store } = await openClaimStore(config.storeOptions);
    try {
      if (action === "export") return exportClaims(await store.list(filter), values.format ?? "csv");
      if (action === "totals") return printTotals(await store.list(filter));
      return await retryFailed(store, config, filter, Boolean(values["dry-run"]));
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

function parseDate(flag: string, text: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new Error(`${flag} must be an ISO 8601 date, got ${text}`);
  return date;
}

function exportClaims(claims: ClaimRecord[], format: string): boolean {
  const rows = claims.map((claim) => Object.fromEntries(COLUMNS.map((column) => [column, cell(claim[column])])));
  if (format === "json") {
    console.log(JSON.stringify(rows, null, 2));
  } else if (format === "csv") {
    console.log(COLUMNS.join(","));
    for (const row of rows) console.log(COLUMNS.map((column) => csvField(row[column] ?? "")).join(","));
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

/** RFC 4180: quote a field holding a comma, quote or line break, doubling its quotes. */
function csvField(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function printTotals(claims: ClaimRecord[]): boolean {
  const counts = new Map<string, number>(CLAIM_STATUSES.map((status) => [status, 0]));
  for (const claim of claims) counts.set(claim.status, (counts.get(claim.status) ?? 0) + 1);
  for (const [status, count] of counts) console.log(`${status.padEnd(10)} ${count}`);
  console.log(`${"total".padEnd(10)} ${claims.length}`);
  return true;
}

async function retryFailed(
  store: ClaimStore,
  config: ReturnType<typeof loadConfig>,
  filter: ClaimFilter,
  dryRun: boolean,
): Promise<boolean> {
  if (filter.status && filter.status !== "failed")
    throw new Error("retry takes failed claims only (leave --status out)");
  const failed = await store.list({ ...filter, status: "failed" });
  if (failed.length === 0) {
    console.log("no failed claims");
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
        console.log(`would retry ${claim.id} (${claim.walletAddress}): ${claim.lastError ?? "no error recorded"}`);
        continue;
      }
      try {
        const after = await mintDriver.retry(claim, "operator");
        console.log(
          `${claim.id} (${claim.walletAddress}): failed → ${after.status}${after.txHash ? ` ${after.txHash}` : ""}`,
        );
      } catch (error) {
        ok = false;
        console.log(`${claim.id} (${claim.walletAddress}): still failed: ${message(error)}`);
      }
    }
  } finally {
    // retry() leaves a follower holding each claim's lease; stopping ends them and gives the leases back before
    // the store closes, so the server's reconciler can take the claims at once instead of after the lease expires.
    await mintDriver.stop();
  }
  return ok;
}
