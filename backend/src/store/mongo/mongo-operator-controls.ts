import type { Connection } from "mongoose";
import {
  canonicalDenyValue,
  type DenyKind,
  type OperatorAction,
  type OperatorControlsStore,
} from "../operator-controls.ts";
import { whenReachable } from "./mongo-outage.ts";

/** The pause switch's one document, absent until the first pause (open). */
const CONTROLS_ID = "claims";

export function mongoOperatorControls(connection: Connection): OperatorControlsStore {
  const controls = connection.collection<{
    _id: string;
    paused: boolean;
    pausedBy: string | null;
    pausedAt: Date | null;
  }>("operator_controls");
  // `_id` is `<kind>:<value>`, so denying twice is one upsert and a lookup needs no second index.
  const denied = connection.collection<{
    _id: string;
    kind: DenyKind;
    value: string;
    deniedBy: string;
    deniedAt: Date;
  }>("denied");
  // One document per action, counting how often it was taken.
  const actions = connection.collection<{ _id: OperatorAction; count: number }>("operator_actions");
  return {
    setPaused: (paused, by) =>
      whenReachable(async () => {
        const set = { paused, pausedBy: paused ? by : null, pausedAt: paused ? new Date() : null };
        await controls.updateOne({ _id: CONTROLS_ID }, { $set: set }, { upsert: true });
        return set;
      }),
    controls: () =>
      whenReachable(async () => {
        const found = await controls.findOne({ _id: CONTROLS_ID });
        return { paused: found?.paused ?? false, pausedBy: found?.pausedBy ?? null, pausedAt: found?.pausedAt ?? null };
      }),
    deny: (kind, value, by) =>
      whenReachable(async () => {
        const canonical = canonicalDenyValue(kind, value);
        await denied.updateOne(
          { _id: `${kind}:${canonical}` },
          { $setOnInsert: { kind, value: canonical, deniedBy: by, deniedAt: new Date() } },
          { upsert: true },
        );
      }),
    allow: (kind, value) =>
      whenReachable(async () => {
        const { deletedCount } = await denied.deleteOne({ _id: `${kind}:${canonicalDenyValue(kind, value)}` });
        return deletedCount > 0;
      }),
    isDenied: (walletAddress, googleSub) =>
      whenReachable(async () => {
        const ids = [
          ...(walletAddress !== null ? [`wallet:${walletAddress.toLowerCase()}`] : []),
          ...(googleSub !== null ? [`googleAccount:${googleSub}`] : []),
        ];
        if (ids.length === 0) return null;
        const kinds = (await denied.find({ _id: { $in: ids } }).toArray()).map((entry) => entry.kind);
        return kinds.includes("wallet") ? "wallet" : (kinds[0] ?? null);
      }),
    countAction: (action) =>
      whenReachable(async () => {
        await actions.updateOne({ _id: action }, { $inc: { count: 1 } }, { upsert: true });
      }),
    actionCounts: () =>
      whenReachable(async () => {
        const found = await actions.find().toArray();
        return Object.fromEntries(found.map((entry) => [entry._id, entry.count]));
      }),
  };
}
