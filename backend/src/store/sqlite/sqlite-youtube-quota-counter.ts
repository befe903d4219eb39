import type { DatabaseSync } from "node:sqlite";
import type { YoutubeQuotaCounter } from "../youtube-quota-counter.ts";
import { RATE_LIMITS_SCHEMA } from "./sqlite-database.ts";
import { prepare } from "./sqlite-statement.ts";

const TABLE = `${RATE_LIMITS_SCHEMA}.youtube_quota`;

/**
 * One row per Pacific day, so every process adds to and reads the same count (ADR 11). It lives in the counters'
 * file: a counter that may lose its last units on power loss, not a once-only gate worth a full fsync per call.
 */
export function sqliteYoutubeQuotaCounter(db: DatabaseSync): YoutubeQuotaCounter {
  // The counters' file has no schema versions, so the table is made when missing, as the rate limits' is: a file made
  // anew beside a migrated claims file still counts.
  db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (day TEXT PRIMARY KEY, units INTEGER NOT NULL CHECK (units >= 0))`);
  const add = prepare(
    db,
    `INSERT INTO ${TABLE} (day, units) VALUES (?, ?)
     ON CONFLICT (day) DO UPDATE SET units = units + excluded.units RETURNING units`,
  );
  const unitsOn = prepare(db, `SELECT units FROM ${TABLE} WHERE day = ?`);
  return {
    async add(day, units) {
      return (add.get(day, units) as { units: number }).units;
    },
    async unitsOn(day) {
      return (unitsOn.get(day) as { units: number } | undefined)?.units ?? 0;
    },
  };
}
