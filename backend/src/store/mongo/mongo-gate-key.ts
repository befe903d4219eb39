import type { Connection } from "mongoose";
import { assertGateKeyMatches, gateKeyCheck } from "../google-account-gate.ts";
import { whenReachable } from "./mongo-outage.ts";

/** The one document of `claim_gate_key`: the check of the key erased claims were fingerprinted under. */
export interface MongoGateKey {
  /** Refuses `gateKey` when erased claims were fingerprinted under another key (or `gateKey` is missing). */
  verify(gateKey: string | undefined): Promise<void>;
  /** The first erasure's: records `gateKey` as the store's, or refuses it if another was recorded first. */
  adopt(gateKey: string): Promise<void>;
}

const CHECK_ID = "claims";

interface GateKeyDocument {
  _id: string;
  keyCheck: string;
}

export function mongoGateKey(connection: Connection): MongoGateKey {
  const checks = connection.collection<GateKeyDocument>("claim_gate_key");
  return {
    verify: (gateKey) =>
      whenReachable(async () => {
        const found = await checks.findOne({ _id: CHECK_ID });
        assertGateKeyMatches(found?.keyCheck ?? null, gateKey);
      }),
    adopt: (gateKey) =>
      whenReachable(async () => {
        // One atomic upsert: of two erasures racing under different keys, the first recorded wins and the other is
        // refused before it writes a fingerprint.
        const stored = await checks.findOneAndUpdate(
          { _id: CHECK_ID },
          { $setOnInsert: { keyCheck: gateKeyCheck(gateKey) } },
          { upsert: true, returnDocument: "after" },
        );
        assertGateKeyMatches(stored?.keyCheck ?? null, gateKey);
      }),
  };
}
