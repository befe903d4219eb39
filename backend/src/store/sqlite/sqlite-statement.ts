import type { DatabaseSync, SQLInputValue, StatementResultingChanges, StatementSync } from "node:sqlite";
import { storeUnavailable } from "../claim-store.ts";

/** SQLite's extended result code, which node:sqlite reports as `errcode`. */
const SQLITE_CONSTRAINT_UNIQUE = 2067;
/** SQLITE_BUSY and SQLITE_LOCKED (primary codes): another connection holds the lock. */
const SQLITE_BUSY_CODES = new Set([5, 6]);

/** Positional values, or one object of named ones. */
type Parameters = SQLInputValue[] | [Record<string, SQLInputValue>];

/** A prepared statement whose every run answers `STORE_UNAVAILABLE` when the lock stays taken past the busy time-out. */
export interface Statement {
  get(...parameters: Parameters): unknown;
  all(...parameters: Parameters): unknown[];
  run(...parameters: Parameters): StatementResultingChanges;
}

/** Every statement of the store goes through here, so no read or write can miss the outage mapping. */
export function prepare(db: DatabaseSync, sql: string): Statement {
  const statement = db.prepare(sql);
  const call =
    <T>(method: (this: StatementSync, ...parameters: SQLInputValue[]) => T) =>
    (...parameters: Parameters): T => {
      try {
        return method.apply(statement, parameters as SQLInputValue[]);
      } catch (error) {
        throw isBusy(error) ? storeUnavailable(error) : error;
      }
    };
  return { get: call(statement.get), all: call(statement.all), run: call(statement.run) };
}

export function isBusy(error: unknown): boolean {
  const code =
    error instanceof Error && "errcode" in error && typeof error.errcode === "number" ? error.errcode & 0xff : null;
  return code !== null && SQLITE_BUSY_CODES.has(code);
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && "errcode" in error && error.errcode === SQLITE_CONSTRAINT_UNIQUE;
}
