/** `npm run claims`: the operator's view of the claim store and controls, changed by the server's own code. */
import os from "node:os";
import { CLAIM_STATUSES, type ClaimStatus } from "@tube/common/constants";
import { mintDriverFromConfig } from "@tube/backend/claims/mint-driver-from-config";
import { resolveClaim } from "@tube/backend/claims/resolve-claim";
import { loadConfig, type Config } from "@tube/backend/config";
import { createLogger } from "@tube/backend/observability/logger";
import { createMetrics } from "@tube/backend/observability/metrics";
import type { ClaimFilter, ClaimRecord } from "@tube/backend/store/claim-repository";
import type { ClaimStore, DenyKind, OperatorAction } from "@tube/backend/store/claim-store";
import { openClaimStore } from "@tube/backend/store/open-claim-store";
import { defineCommand, message, parseAddress, type CommandIo, type OptionValues } from "./cli.ts";
import { csvField } from "./csv.ts";

/** 12 months, as the privacy policy says. */
const RETENTION_DAYS = 365;

const USAGE = `Usage: npm run claims -- <action> [options]

  export              print claims as CSV (default) or JSON
  totals              count claims by status, and the confirmed ones not yet finalized
  retry [<claimId>]   settle failed claims (or the one named, also when stuck) from the rewards contract: a rewarded
                      wallet is confirmed with its reward's hash, never paid again; any other gets one attempt more
  pause, resume       refuse new claims on every server within 2 s (503), or accept them again
  deny                refuse claims from --wallet <address> or --google-sub <sub>; --undo allows it again
  erase-expired       erase the personal data of claims older than --older-than-days (default ${RETENTION_DAYS}); daily
  erase               erase the personal data of one wallet's claim (--wallet <address>) now

Options: --status <${CLAIM_STATUSES.join("|")}>, --since <date>, --until <date> (ISO 8601), --format <csv|json>,
--dry-run (retry: list, change nothing), --by <name> (who is acting, for the log; default the OS user).
Reads the store and services from the environment and .env, like the server; every change is logged and counted.`;

const COLUMNS =
  "id status walletAddress googleSub amountWei txHash engineTransactionId attempts lastError finalAt createdAt updatedAt".split(
    " ",
  ) as Array<keyof ClaimRecord>;

const OPTIONS = {
  status: { type: "string" },
  since: { type: "string" },
  until: { type: "string" },
  format: { type: "string", default: "csv" },
  "dry-run": { type: "boolean" },
  wallet: { type: "string" },
  "google-sub": { type: "string" },
  undo: { type: "boolean" },
  by: { type: "string" },
  "older-than-days": { type: "string" },
} as const;
type Values = OptionValues<typeof OPTIONS>;

interface Operator {
  io: CommandIo;
  store: ClaimStore;
  config: Config;
  by: string;
  /** Counted in the store (for every server's /metrics), logged with who and when. */
  record(action: OperatorAction, details: Record<string, unknown>): Promise<void>;
}

type Action = (operator: Operator, values: Values, claimId: string | undefined) => Promise<boolean>;

const ACTIONS: Record<string, Action> = {
  export: exportClaims,
  totals: printTotals,
  retry,
  pause: (operator) => setPaused(operator, true),
  resume: (operator) => setPaused(operator, false),
  deny,
  "erase-expired": async ({ io, store, record }, values) => {
    const days = values["older-than-days"] ?? String(RETENTION_DAYS);
    if (!/^\d+$/.test(days)) throw new Error(`--older-than-days must be a whole number of days, got ${days}`);
    const createdBefore = new Date(Date.now() - Number(days) * 86_400_000);
    const erased = await store.claims.eraseExpired(createdBefore);
    await record("erase-expired", { createdBefore: createdBefore.toISOString(), erased });
    io.out(`erased the personal data of ${erased} claim(s) created before ${createdBefore.toISOString()}`);
    return true;
  },
  // A viewer's deletion request: their claim is erased at once, as an expired one is.
  erase: async ({ io, store, record }, { wallet }) => {
    if (wallet === undefined) throw new Error("erase needs the viewer's wallet: --wallet <address>");
    const address = parseAddress("--wallet", wallet).toLowerCase();
    const erased = await store.claims.eraseExpired(new Date(Date.now() + 1), address);
    await record("erase", { wallet, erased });
    io.out(`erased the personal data of ${erased} claim(s) of ${wallet}`);
    return true;
  },
};

export const claimsCommand = defineCommand(
  { usage: USAGE, options: OPTIONS },
  async ({ values, positionals: [name, claimId] }, io) => {
    const action = name !== undefined && Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
    if (!action) throw new Error(`say ${Object.keys(ACTIONS).join(", ")} (see --help)`);
    const config = loadConfig(io.env);
    const store = await openClaimStore(config.storeOptions);
    const by = values.by ?? os.userInfo().username;
    const logger = createLogger("info", { write: (line: string) => io.out(line.trimEnd()) });
    const record = async (action: OperatorAction, details: Record<string, unknown>) => {
      await store.operator.countAction(action);
      logger.info({ component: "operator", action, by, at: new Date().toISOString(), ...details }, "operator action");
    };
    try {
      return await action({ io, store, config, by, record }, values, claimId);
    } finally {
      await store.close();
    }
  },
);

function parseFilter({ status, since, until }: Values) {
  const filter: ClaimFilter = {};
  if (status !== undefined) {
    if (!(CLAIM_STATUSES as readonly string[]).includes(status))
      throw new Error(`--status must be one of ${CLAIM_STATUSES.join(", ")}`);
    filter.status = status as ClaimStatus;
  }
  const date = (flag: string, text: string) => {
    const parsed = new Date(text);
    if (Number.isNaN(parsed.getTime())) throw new Error(`${flag} must be an ISO 8601 date, got ${text}`);
    return parsed;
  };
  if (since !== undefined) filter.createdFrom = date("--since", since);
  if (until !== undefined) filter.createdBefore = date("--until", until);
  return filter;
}

async function exportClaims({ io, store }: Operator, values: Values) {
  if (values.format !== "csv" && values.format !== "json") throw new Error("--format must be csv or json");
  const cell = (value: ClaimRecord[keyof ClaimRecord]) =>
    value instanceof Date ? value.toISOString() : typeof value === "bigint" ? value.toString() : value;
  const rows = (await store.claims.list(parseFilter(values))).map((claim) =>
    Object.fromEntries(COLUMNS.map((column) => [column, cell(claim[column])])),
  );
  if (values.format === "json") io.out(JSON.stringify(rows, null, 2));
  else
    io.out([COLUMNS.join(","), ...rows.map((row) => COLUMNS.map((c) => csvField(row[c] ?? "")).join(","))].join("\n"));
  return true;
}

async function printTotals({ io, store }: Operator, values: Values) {
  const claims = await store.claims.list(parseFilter(values));
  for (const status of CLAIM_STATUSES)
    io.out(`${status.padEnd(10)} ${claims.filter((claim) => claim.status === status).length}`);
  const awaiting = claims.filter((claim) => claim.status === "confirmed" && claim.finalAt === null).length;
  io.out(`  of which awaiting finality ${awaiting}\n${"total".padEnd(10)} ${claims.length}`);
  return true;
}

async function retry(operator: Operator, values: Values, claimId: string | undefined) {
  const { io, store, config } = operator;
  const filter = parseFilter(values);
  if (filter.status && filter.status !== "failed")
    throw new Error("retry takes failed claims only (leave --status out)");
  const { mintDriver, chainReader } = mintDriverFromConfig(config, {
    store,
    metrics: createMetrics(),
    logger: createLogger("silent"),
  });
  let ok = true;
  try {
    let failed: ClaimRecord[];
    if (claimId === undefined) failed = await store.claims.list({ ...filter, status: "failed" });
    else {
      const claim = await store.claims.findById(claimId);
      if (!claim) throw new Error(`no claim ${claimId}`);
      failed = claim.status === "failed" || values["dry-run"] ? [claim] : await settle(operator, chainReader, claim);
    }
    if (claimId === undefined && failed.length === 0) io.out("no failed claims");
    for (const claim of failed) {
      const from = `${claim.id} (${claim.walletAddress})`;
      if (values["dry-run"]) {
        io.out(
          `would retry ${from}: ${claim.status === "failed" ? (claim.lastError ?? "no error recorded") : claim.status}`,
        );
        continue;
      }
      try {
        const after = await mintDriver.retry(claim, "operator");
        io.out(`${from}: failed → ${after.status}${after.txHash ? ` ${after.txHash}` : ""}`);
      } catch (error) {
        ok = false;
        io.out(`${from}: still failed: ${message(error)}`);
      }
    }
  } finally {
    // Frees retry()'s leases, so the server's mint loop can take the claims at once.
    await mintDriver.stop();
  }
  return ok;
}

/** Settles an unfinished claim from the chain; returns it to retry when that left it failed. */
async function settle(
  { io, store, record }: Operator,
  chainReader: Parameters<typeof resolveClaim>[0]["chainReader"],
  stuck: ClaimRecord,
) {
  const outcome = await resolveClaim({ store, chainReader }, stuck.id);
  const { claim } = outcome;
  const from = `${claim.id} (${claim.walletAddress})`;
  if (outcome.kind === "confirmed" || outcome.kind === "failed")
    await record("resolve", { claimId: claim.id, outcome: outcome.kind, txHash: claim.txHash ?? undefined });
  if (outcome.kind === "confirmed") io.out(`${from}: confirmed, rewarded by ${claim.txHash}`);
  else if (outcome.kind === "failed") io.out(`${from}: failed, not rewarded on chain; retrying it`);
  else if (outcome.kind === "not-final")
    io.out(
      `${from}: rewarded in block ${outcome.rewardedInBlock}, not final yet (final head ${outcome.finalHead}); nothing changed, the server confirms it once final`,
    );
  else io.out(`${from}: unchanged, ${outcome.reason}`);
  return outcome.kind === "failed" ? [claim] : [];
}

async function setPaused({ io, store, by, record }: Operator, paused: boolean) {
  const controls = await store.operator.setPaused(paused, by);
  await record(paused ? "pause" : "resume", {});
  io.out(
    paused
      ? `claims paused by ${by} at ${controls.pausedAt?.toISOString()}: every server refuses new claims within 2 s`
      : "claims resumed: every server accepts new claims within 2 s",
  );
  return true;
}

async function deny({ io, store, by, record }: Operator, values: Values) {
  const { wallet, "google-sub": googleSub } = values;
  if ((wallet === undefined) === (googleSub === undefined)) throw new Error("give one of --wallet or --google-sub");
  if (googleSub === "") throw new Error("--google-sub must not be empty");
  const kind: DenyKind = wallet === undefined ? "googleAccount" : "wallet";
  const value = wallet === undefined ? googleSub! : parseAddress("--wallet", wallet).toLowerCase();
  const label = `${kind === "wallet" ? "wallet" : "Google account"} ${value}`;
  if (!values.undo) {
    await store.operator.deny(kind, value, by);
    await record("deny", { kind, value });
    io.out(`${label} denied: its claims are refused from now on`);
    return true;
  }
  const removed = await store.operator.allow(kind, value);
  await record("allow", { kind, value, removed });
  io.out(removed ? `${label} allowed again` : `${label} was not on the deny list`);
  return true;
}
