import { Router, type Response } from "express";
import { anyJson } from "../stand-in.ts";
import { sendEngineError, sendRateLimited } from "./engine-http.ts";
import { TRANSACTION_FAULTS, type FaultSwitch } from "./faults.ts";
import type { TransactionBook } from "./transaction-book.ts";
import { requireSigningCredential } from "./vault.ts";
import { WriteRequestError, type WriteRequest } from "./write-request.ts";

// How long a "timeout" fault holds a write's answer at most.
const HELD_ANSWER_MS = 30_000;

export interface WriteContractDeps {
  clientId: string;
  faults: FaultSwitch;
  book: TransactionBook;
  parse: (body: unknown) => Promise<WriteRequest>;
  heldAnswers: Set<() => void>;
}

/** `POST /v1/write/contract`: queues one call, 202 with its id; a key still held answers its own. */
export function writeContractRoute(deps: WriteContractDeps) {
  const router = Router();

  router.post(
    "/v1/write/contract",
    (_request, response, next) => (deps.faults.take("rateLimited") ? sendRateLimited(response) : next()),
    anyJson,
    requireSigningCredential,
    async (request, response) => {
      const accessToken = request.get("x-vault-access-token")!;
      if (deps.faults.take("http500"))
        return sendEngineError(response, 500, "INTERNAL_ERROR", "Internal server error (fault injected)");

      let write: WriteRequest;
      try {
        write = await deps.parse(request.body);
      } catch (error) {
        if (error instanceof WriteRequestError)
          return sendEngineError(response, 400, "VALIDATION_ERROR", error.message);
        throw error;
      }

      const holdAnswer = deps.faults.take("timeout", write.transaction.data);
      const transaction =
        deps.book.holder(write.executionParams.idempotencyKey) ??
        deps.book.queue({ clientId: deps.clientId, ...write, accessToken, sabotage: takeSabotage(deps.faults, write) });
      if (holdAnswer) await holdUntilClientGivesUp(response, deps.heldAnswers);
      if (response.destroyed) return;

      response.status(202).json({
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
    },
  );

  return router;
}

function takeSabotage(faults: FaultSwitch, write: WriteRequest) {
  for (const mode of TRANSACTION_FAULTS) {
    const fault = faults.take(mode, write.transaction.data);
    if (fault) return { ...fault, mode };
  }
  return null;
}

function holdUntilClientGivesUp(response: Response, heldAnswers: Set<() => void>): Promise<void> {
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
