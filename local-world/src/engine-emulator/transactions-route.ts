import { Router, type Request } from "express";
import { sendEngineError } from "./engine-http.ts";
import type { FaultSwitch } from "./faults.ts";
import type { EngineTransaction, TransactionBook } from "./transaction-book.ts";

const PAGE_LIMIT_DEFAULT = 20;
const PAGE_LIMIT_MAX = 100;

/** `GET /v1/transactions`: the rows of Engine Cloud's transaction index, filtered, sorted and paged. */
export function transactionsRoute(deps: { book: TransactionBook; faults: FaultSwitch }): Router {
  const router = Router();

  router.get("/v1/transactions", (request, response) => {
    if (deps.faults.take("rateLimitedReads")) {
      return sendEngineError(
        response,
        429,
        "RATE_LIMITED",
        "Too many requests (fault injected by the Engine emulator)",
      );
    }
    const page = positiveInteger(query(request, "page")) ?? 1;
    const limit = Math.min(positiveInteger(query(request, "limit")) ?? PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX);
    const sortBy = query(request, "sortBy") === "confirmedAt" ? "confirmedAt" : "createdAt";
    const direction = query(request, "sortDirection") === "asc" ? 1 : -1;

    const matching = deps.book
      .list({ id: query(request, "id"), status: query(request, "status"), from: query(request, "from") })
      .sort((a, b) => direction * (a[sortBy] ?? "").localeCompare(b[sortBy] ?? ""));
    const transactions: EngineTransaction[] = matching.slice((page - 1) * limit, page * limit);
    response.json({ result: { transactions, pagination: { totalCount: matching.length, page, limit } } });
  });

  return router;
}

function query(request: Request, name: string): string | undefined {
  const value: unknown = request.query[name];
  return typeof value === "string" ? value : undefined;
}

function positiveInteger(value: string | undefined): number | undefined {
  const number = Number(value);
  return value !== undefined && Number.isInteger(number) && number > 0 ? number : undefined;
}
