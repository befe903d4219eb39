import type { DatabaseSync } from "node:sqlite";
import {
  canonicalDenyValue,
  type DenyKind,
  type OperatorAction,
  type OperatorControls,
  type OperatorControlsStore,
} from "../operator-controls.ts";
import { prepare } from "./sqlite-statement.ts";

interface ControlsRow {
  paused: 0 | 1;
  paused_by: string | null;
  paused_at: number | null;
}

/** The pause switch (one row of `operator_controls`), the `denied` list and the `operator_actions` counts. */
export function sqliteOperatorControls(db: DatabaseSync): OperatorControlsStore {
  const pause = prepare(
    db,
    "UPDATE operator_controls SET paused = ?, paused_by = ?, paused_at = ? WHERE id = 1 RETURNING *",
  );
  const readControls = prepare(db, "SELECT * FROM operator_controls WHERE id = 1");
  const addDenied = prepare(
    db,
    "INSERT INTO denied (kind, value, denied_by, denied_at) VALUES (?, ?, ?, ?) ON CONFLICT (kind, value) DO NOTHING",
  );
  const removeDenied = prepare(db, "DELETE FROM denied WHERE kind = ? AND value = ?");
  // The wallet first, so both adapters name the same entry when both are denied.
  const findDenied = prepare(
    db,
    `SELECT kind FROM denied WHERE (kind = 'wallet' AND value = @wallet) OR (kind = 'googleAccount' AND value = @sub)
     ORDER BY kind = 'wallet' DESC LIMIT 1`,
  );
  const countAction = prepare(
    db,
    "INSERT INTO operator_actions (action, count) VALUES (?, 1) ON CONFLICT (action) DO UPDATE SET count = count + 1",
  );
  const actionCounts = prepare(db, "SELECT action, count FROM operator_actions");

  return {
    async setPaused(paused, by) {
      return toControls(pause.get(paused ? 1 : 0, paused ? by : null, paused ? Date.now() : null) as ControlsRow);
    },
    async controls() {
      return toControls(readControls.get() as ControlsRow);
    },
    async deny(kind, value, by) {
      addDenied.run(kind, canonicalDenyValue(kind, value), by, Date.now());
    },
    async allow(kind, value) {
      return removeDenied.run(kind, canonicalDenyValue(kind, value)).changes > 0;
    },
    async isDenied(walletAddress, googleSub) {
      const row = findDenied.get({ wallet: walletAddress?.toLowerCase() ?? null, sub: googleSub }) as
        { kind: DenyKind } | undefined;
      return row?.kind ?? null;
    },
    async countAction(action) {
      countAction.run(action);
    },
    async actionCounts() {
      const rows = actionCounts.all() as Array<{ action: OperatorAction; count: number }>;
      return Object.fromEntries(rows.map((row) => [row.action, row.count]));
    },
  };
}

function toControls(row: ControlsRow): OperatorControls {
  return {
    paused: row.paused === 1,
    pausedBy: row.paused_by,
    pausedAt: row.paused_at === null ? null : new Date(row.paused_at),
  };
}
