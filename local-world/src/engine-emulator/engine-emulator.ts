import { hash, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { ErrorRequestHandler } from "express";
import { privateKeyToAccount, type Account } from "thirdweb/wallets";
import { localChain } from "../local-chain.ts";
import { CONTROL_PATH, controlRouter, listen, standInApp } from "../stand-in.ts";
import { sameSecret, sendEngineError } from "./engine-http.ts";
import { FAULT_MODES, createFaultSwitch, faultSchema, type FaultControl, type FaultSwitch } from "./faults.ts";
import { RETAINED_JOBS_DEFAULT } from "./key-retention.ts";
import { createTransactionBook, ENGINE_SEND_RETRY_MS } from "./transaction-book.ts";
import { signMessageRoute } from "./sign-message-route.ts";
import { transactionsRoute } from "./transactions-route.ts";
import { createVault } from "./vault.ts";
import { writeContractRoute } from "./write-contract-route.ts";
import { parseWriteRequest } from "./write-request.ts";

export type { FaultControl, FaultMode } from "./faults.ts";

export const FAULTS_PATH = `${CONTROL_PATH}/faults`;

export interface EngineEmulatorOptions {
  rpcUrl: string;
  chainId: number;
  secretKey: string;
  vaultAccessToken: string;
  serverWallets: Array<{ address: string; privateKey: `0x${string}` }>;
  /** Jobs finished after a relayed write that release its key; default 1,000. */
  retainedJobs?: number;
  /** From a `failedThenLands` FAILED to its send. Default 1,000 ms. */
  lateLandingMs?: number;
  /** From a write's 202 to its send. Default 0: at once. */
  sendLatencyMs?: number;
  /** Default Engine's. */
  sendRetryMs?: typeof ENGINE_SEND_RETRY_MS;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

export type RunningEngineEmulator = Awaited<ReturnType<typeof startEngineEmulator>>;

/** thirdweb's published median for Engine, write to send. */
export const ENGINE_MEDIAN_SEND_LATENCY_MS = 300;

const DRAIN_ON_STOP_MS = 5_000;
const LATE_LANDING_MS_DEFAULT = 1_000;

/** Engine's write, transactions and sign-message routes, sending on the local chain. */
export async function startEngineEmulator(options: EngineEmulatorOptions) {
  const { client, chain } = localChain(options.rpcUrl, options.chainId);
  const log = options.log ?? (() => undefined);
  const accounts = new Map<string, Account>(
    options.serverWallets.map(({ address, privateKey }) => [
      address.toLowerCase(),
      privateKeyToAccount({ client, privateKey }),
    ]),
  );
  const faults = createFaultSwitch();
  const vault = createVault({ accessToken: options.vaultAccessToken, accounts, faults });
  const book = createTransactionBook({
    client,
    chain,
    vault,
    retainedJobs: options.retainedJobs ?? RETAINED_JOBS_DEFAULT,
    lateLandingMs: options.lateLandingMs ?? LATE_LANDING_MS_DEFAULT,
    sendLatencyMs: options.sendLatencyMs ?? 0,
    sendRetryMs: options.sendRetryMs ?? ENGINE_SEND_RETRY_MS,
    log,
  });
  const heldAnswers = new Set<() => void>();

  const app = standInApp();
  app.use(faultRoutes(faults));
  // The secret key is checked at request time; the vault access token only when signing.
  app.use(["/v1/write/contract", "/v1/transactions", "/v1/sign/message"], (request, response, next) => {
    if (sameSecret(request.get("x-secret-key"), options.secretKey)) return next();
    sendEngineError(response, 401, "AUTH_ERROR", "Invalid or missing x-secret-key");
  });
  app.use(transactionsRoute({ book, faults }));
  app.use(signMessageRoute({ vault }));
  app.use(
    writeContractRoute({
      // A digest keeps the key out of responses.
      clientId: hash("sha256", options.secretKey).slice(0, 32),
      faults,
      book,
      parse: (body) => parseWriteRequest(body, { client, chain, newId: randomUUID }),
      heldAnswers,
    }),
  );
  app.use((request, response) => {
    sendEngineError(response, 404, "NOT_FOUND", `No route for ${request.method} ${request.path}`);
  });
  app.use(((error, _request, response, _next) => {
    // body-parser marks a body it could not parse with this type.
    if ((error as { type?: unknown } | undefined)?.type === "entity.parse.failed")
      return sendEngineError(response, 400, "VALIDATION_ERROR", `JSON syntax error: ${error.message}`);
    log("request failed", { error: String(error) });
    if (!response.headersSent) sendEngineError(response, 500, "INTERNAL_ERROR", "Internal server error");
  }) satisfies ErrorRequestHandler);

  const server = await listen(createServer(app));
  let stopping: Promise<void> | undefined;
  return {
    url: server.url,
    faults: faults as FaultControl,
    stop() {
      stopping ??= (async () => {
        for (const release of heldAnswers) release();
        await Promise.all([server.stop(), book.drain(DRAIN_ON_STOP_MS)]);
      })();
      return stopping;
    },
  };
}

/** POST sets a fault, DELETE clears them all, GET reads one (`?wallet=`) with `fired`. */
function faultRoutes(faults: FaultSwitch) {
  const router = controlRouter();
  router.get(FAULTS_PATH, (request, response) => {
    const wallet = typeof request.query.wallet === "string" ? request.query.wallet : undefined;
    response.json({ fault: faults.pending(wallet), fired: faults.fired() });
  });
  router.delete(FAULTS_PATH, (_request, response) => {
    faults.clear();
    response.json({ fault: null });
  });
  router.post(FAULTS_PATH, (request, response) => {
    const { data: fault } = faultSchema.safeParse(request.body);
    if (!fault) {
      const modes = FAULT_MODES.map((mode) => `"${mode}"`).join(" | ");
      const expected = `Expected {"mode": ${modes}, "count": n, "wallet"?: address}`;
      return sendEngineError(response, 400, "VALIDATION_ERROR", expected);
    }
    faults.set(fault);
    response.json({ fault: faults.pending(fault.wallet) });
  });
  return router;
}
