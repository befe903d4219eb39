import type { DatabaseSync, SQLInputValue, StatementResultingChanges, StatementSync } from "node:sqlite";
import { storeUnavailable } from "../claim-store.ts";

/** SQLite's extended result code, which node:sqlite reports as `errcode`. */
const SQLITE_CONSTRAINT_UNIQUE = 2067;
/** SQLITE_BUSY and SQLITE_LOCKED (primary codes): another connection holds the lock. */
const SQLITE_BUSY_CODES = new Set([5, 6]);

type Parameters = SQLInputValue[] | [Record<string, SQLInputValue>];

export interface Statement {
  get(...parameters: Parameters): unknown;
  all(...parameters: Parameters): unknown[];
  run(...parameters: Parameters): StatementResultingChanges;
}

/** Every statement goes through here: a lock held past the busy time-out answers `STORE_UNAVAILABLE`. */
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
