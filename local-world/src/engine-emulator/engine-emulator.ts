import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { privateKeyToAccount, type Account } from "thirdweb/wallets";
import { localChain } from "../local-chain.ts";
import { createFaultSwitch, FAULT_MODES, parseFault, type FaultControl, type FaultSwitch } from "./faults.ts";
import { createTransactionBook, type EngineTransaction, type TransactionBook } from "./transaction-book.ts";
import { parseWriteRequest, WriteRequestError, type WriteRequest } from "./write-request.ts";

export type { Fault, FaultControl, FaultMode } from "./faults.ts";

export interface EngineEmulatorOptions {
  /** 0 or absent: an ephemeral port. */
  port?: number;
  rpcUrl: string;
  chainId: number;
  secretKey: string;
  vaultAccessToken: string;
  serverWallets: Array<{ address: string; privateKey: `0x${string}` }>;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

export interface RunningEngineEmulator {
  url: string;
  stop(): Promise<void>;
  faults: FaultControl;
}

/** The HTTP path of fault injection; outside Engine's API so it cannot clash with it. */
export const FAULTS_PATH = "/__emulator/faults";

// How long a "timeout" fault holds a write's answer when the client does not hang up first.
const HELD_ANSWER_MS = 30_000;
const DRAIN_ON_STOP_MS = 5_000;
const PAGE_LIMIT_DEFAULT = 20;
const PAGE_LIMIT_MAX = 100;
const SABOTAGES = ["failed", "revert", "failedThenMined", "stuckSubmitted", "listLag"] as const;

/**
 * A stand-in for thirdweb Engine Cloud: answers `POST /v1/write/contract` and `GET /v1/transactions` exactly as
 * `@thirdweb-dev/engine` expects and executes the writes for real on the local chain from the server wallets.
 * Transactions live in memory: the backend's store and the chain are the durable truth.
 */
export async function startEngineEmulator(options: EngineEmulatorOptions): Promise<RunningEngineEmulator> {
  const { client, chain } = localChain(options.rpcUrl, options.chainId);
  const log = options.log ?? (() => undefined);
  const accounts = new Map<string, Account>(
    options.serverWallets.map((wallet) => [
      wallet.address.toLowerCase(),
      privateKeyToAccount({ client, privateKey: wallet.privateKey }),
    ]),
  );
  const context = {
    secretKey: options.secretKey,
    vaultAccessToken: options.vaultAccessToken,
    // Engine names the project that owns a secret key; a digest keeps the key itself out of responses.
    clientId: createHash("sha256").update(options.secretKey).digest("hex").slice(0, 32),
    faults: createFaultSwitch(),
    book: createTransactionBook({ client, chain, accounts, log }),
    parse: (body: unknown) =>
      parseWriteRequest(body, { client, chain, serverWallets: new Set(accounts.keys()), newId: randomUUID }),
    heldAnswers: new Set<() => void>(),
  };

  const server = createServer((request, response) => {
    route(request, response, context).catch((error: unknown) => {
      log("request failed", { error: String(error) });
      if (!response.headersSent) sendError(response, 500, "INTERNAL_ERROR", "Internal server error");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;

  let stopping: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    faults: context.faults,
    stop() {
      stopping ??= (async () => {
        for (const release of context.heldAnswers) release();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await Promise.all([closed, context.book.drain(DRAIN_ON_STOP_MS)]);
      })();
      return stopping;
    },
  };
}

interface Context {
  secretKey: string;
  vaultAccessToken: string;
  clientId: string;
  faults: FaultSwitch;
  book: TransactionBook;
  parse: (body: unknown) => Promise<WriteRequest>;
  heldAnswers: Set<() => void>;
}

async function route(request: IncomingMessage, response: ServerResponse, context: Context): Promise<void> {
  const url = new URL(request.url ?? "/", "http://emulator");
  const endpoint = `${request.method} ${url.pathname}`;

  if (url.pathname === FAULTS_PATH) return routeFaults(request, response, context.faults);
  if (endpoint !== "POST /v1/write/contract" && endpoint !== "GET /v1/transactions") {
    return sendError(response, 404, "NOT_FOUND", `No route for ${endpoint}`);
  }
  if (!sameSecret(request.headers["x-secret-key"], context.secretKey)) {
    return sendError(response, 401, "AUTH_ERROR", "Invalid or missing x-secret-key");
  }
  if (endpoint === "GET /v1/transactions") return listTransactions(url.searchParams, response, context.book);
  return writeContract(request, response, context);
}

async function writeContract(request: IncomingMessage, response: ServerResponse, context: Context): Promise<void> {
  if (!sameSecret(request.headers["x-vault-access-token"], context.vaultAccessToken)) {
    return sendError(response, 401, "VAULT_ERROR", "Invalid or missing x-vault-access-token");
  }
  if (context.faults.take("http500"))
    return sendError(response, 500, "INTERNAL_ERROR", "Internal server error (fault injected)");

  let write: WriteRequest;
  try {
    write = await context.parse(await readJson(request));
  } catch (error) {
    if (error instanceof WriteRequestError) return sendError(response, 400, "VALIDATION_ERROR", error.message);
    throw error;
  }

  const holdAnswer = context.faults.take("timeout");
  let transaction = context.book.original(write.executionParams.idempotencyKey);
  if (!transaction) {
    const sabotage = SABOTAGES.find((mode) => context.faults.take(mode)) ?? null;
    transaction = context.book.queue({ clientId: context.clientId, ...write, sabotage });
  }
  if (holdAnswer) await holdUntilClientGivesUp(response, context.heldAnswers);
  if (response.destroyed) return;

  sendJson(response, 202, {
    result: {
      transactions: [
        {
          id: transaction.id,
          batchIndex: transaction.batchIndex,
          executionParams: transaction.executionParams,
          transactionParams: transaction.transactionParams,
        },
      ],
    },
  });
}

function listTransactions(query: URLSearchParams, response: ServerResponse, book: TransactionBook): void {
  const page = positiveInteger(query.get("page")) ?? 1;
  const limit = Math.min(positiveInteger(query.get("limit")) ?? PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX);
  const sortBy = query.get("sortBy") === "confirmedAt" ? "confirmedAt" : "createdAt";
  const direction = query.get("sortDirection") === "asc" ? 1 : -1;

  const matching = book
    .list({
      id: query.get("id") ?? undefined,
      status: query.get("status") ?? undefined,
      from: query.get("from") ?? undefined,
    })
    .sort((a, b) => direction * compareNullable(a[sortBy], b[sortBy]));
  const transactions: EngineTransaction[] = matching.slice((page - 1) * limit, page * limit);
  sendJson(response, 200, { result: { transactions, pagination: { totalCount: matching.length, page, limit } } });
}

async function routeFaults(request: IncomingMessage, response: ServerResponse, faults: FaultSwitch): Promise<void> {
  if (request.method === "DELETE") {
    faults.clear();
    return sendJson(response, 200, { fault: null });
  }
  if (request.method === "POST") {
    const fault = parseFault(await readJson(request).catch(() => null));
    if (!fault)
      return sendError(
        response,
        400,
        "VALIDATION_ERROR",
        `Expected {"mode": ${FAULT_MODES.map((mode) => `"${mode}"`).join(" | ")}, "count": n}`,
      );
    faults.set(fault);
  }
  sendJson(response, 200, { fault: faults.pending() });
}

/** Resolves when the client hangs up (its timeout fired), the emulator stops, or the hold time is over. */
function holdUntilClientGivesUp(response: ServerResponse, heldAnswers: Set<() => void>): Promise<void> {
  return new Promise((resolve) => {
    const release = () => {
      clearTimeout(timer);
      heldAnswers.delete(release);
      resolve();
    };
    const timer = setTimeout(release, HELD_ANSWER_MS);
    heldAnswers.add(release);
    response.once("close", release);
  });
}

function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new WriteRequestError(`JSON syntax error: ${(error as Error).message}`);
  }
}

function positiveInteger(value: string | null): number | undefined {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : undefined;
}

function compareNullable(a: string | null, b: string | null): number {
  return (a ?? "").localeCompare(b ?? "");
}

/** Engine's error envelope: `{ error: { message, details: { type, message } } }`. */
function sendError(response: ServerResponse, status: number, type: string, message: string): void {
  sendJson(response, status, { error: { message, details: { type, message } } });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
}
