import express, { Router, type Request, type Response } from "express";
import { sendEngineError, sendRateLimited } from "./engine-http.ts";
import type { FaultSwitch } from "./faults.ts";
import type { EngineTransaction, TransactionBook } from "./transaction-book.ts";

const PAGE_LIMIT_DEFAULT = 20;
const PAGE_LIMIT_MAX = 100;

type Row = (transaction: EngineTransaction) => boolean;
type Paging = { page: number; limit: number; sortBy: "createdAt" | "confirmedAt"; direction: 1 | -1 };

/** Engine's transaction index: `GET /v1/transactions` and `POST /v1/transactions/search`. */
export function transactionsRoute(deps: { book: TransactionBook; faults: FaultSwitch }) {
  const router = Router();

  router.get("/v1/transactions", (request, response) => {
    const id = query(request, "id");
    const status = query(request, "status");
    const from = query(request, "from")?.toLowerCase();
    answer(deps, response, {
      matches: (row) =>
        (id === undefined || row.id === id) &&
        (status === undefined || row.status === status) &&
        (from === undefined || row.from.toLowerCase() === from),
      paging: paging((name) => query(request, name)),
    });
  });

  router.post("/v1/transactions/search", express.json({ limit: "1mb" }), (request, response) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    let matches: Row;
    try {
      matches = combine(asFilterList(body.filters ?? []), body.filtersOperation ?? "AND");
    } catch (error) {
      return sendEngineError(response, 400, "VALIDATION", (error as Error).message);
    }
    answer(deps, response, { matches, paging: paging((name) => body[name]) });
  });

  return router;
}

function answer(
  deps: { book: TransactionBook; faults: FaultSwitch },
  response: Response,
  { matches, paging: { page, limit, sortBy, direction } }: { matches: Row; paging: Paging },
) {
  if (deps.faults.take("rateLimitedReads")) return sendRateLimited(response);
  const matching = deps.book.list(matches).sort((a, b) => direction * (a[sortBy] ?? "").localeCompare(b[sortBy] ?? ""));
  const transactions = matching.slice((page - 1) * limit, page * limit);
  response.json({ result: { transactions, pagination: { totalCount: matching.length, page, limit } } });
}

function paging(given: (name: string) => unknown): Paging {
  return {
    page: positiveInteger(given("page")) ?? 1,
    limit: Math.min(positiveInteger(given("limit")) ?? PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX),
    sortBy: given("sortBy") === "confirmedAt" ? "confirmedAt" : "createdAt",
    direction: given("sortDirection") === "asc" ? 1 : -1,
  };
}

/** Fields rows here carry; others are not modelled. */
const FILTER_FIELDS: Record<string, (row: EngineTransaction) => string> = {
  id: (row) => row.id,
  batchIndex: (row) => String(row.batchIndex),
  from: (row) => row.from.toLowerCase(),
  chainId: (row) => row.chainId,
};

/** A field equal to any, or all, of `values`, or a nested list of filters. */
function asFilter(filter: unknown): Row {
  if (typeof filter !== "object" || filter === null) throw new Error("filters: each filter must be an object");
  const { field, values, operation, filters } = filter as Record<string, unknown>;
  if (filters !== undefined) return combine(asFilterList(filters), operation);
  const read = typeof field === "string" ? FILTER_FIELDS[field] : undefined;
  if (!read) throw new Error(`filters: field ${String(field)} is not one the emulator models`);
  if (!Array.isArray(values) || !values.every((value) => typeof value === "string"))
    throw new Error("filters: values must be an array of strings");
  const wanted = values.map((value) => (field === "from" ? value.toLowerCase() : value));
  return operation === "AND"
    ? (row) => wanted.every((value) => read(row) === value)
    : (row) => wanted.includes(read(row));
}

function asFilterList(filters: unknown): Row[] {
  if (!Array.isArray(filters)) throw new Error("filters must be an array");
  return filters.map(asFilter);
}

function combine(rows: Row[], operation: unknown): Row {
  if (operation !== "AND" && operation !== "OR") throw new Error("filtersOperation must be AND or OR");
  if (rows.length === 0) return () => true;
  return operation === "AND"
    ? (row) => rows.every((matches) => matches(row))
    : (row) => rows.some((matches) => matches(row));
}

function query(request: Request, name: string) {
  const value: unknown = request.query[name];
  return typeof value === "string" ? value : undefined;
}

function positiveInteger(value: unknown) {
  const number = typeof value === "string" ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) && number > 0 ? number : undefined;
}
