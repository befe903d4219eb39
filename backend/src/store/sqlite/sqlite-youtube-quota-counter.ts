import type { DatabaseSync } from "node:sqlite";
import type { YoutubeQuotaCounter } from "../youtube-quota-counter.ts";
import { prepare } from "./sqlite-statement.ts";

/** One row per Pacific day in `youtube_quota`, so every process adds to and reads the same count (ADR 11). */
export function sqliteYoutubeQuotaCounter(db: DatabaseSync): YoutubeQuotaCounter {
  const add = prepare(
    db,
    `INSERT INTO youtube_quota (day, units) VALUES (?, ?)
     ON CONFLICT (day) DO UPDATE SET units = units + excluded.units RETURNING units`,
  );
  const unitsOn = prepare(db, "SELECT units FROM youtube_quota WHERE day = ?");
  return {
    async add(day, units) {
      return (add.get(day, units) as { units: number }).units;
    },
    async unitsOn(day) {
      return (unitsOn.get(day) as { units: number } | undefined)?.units ?? 0;
    },
  };
}
