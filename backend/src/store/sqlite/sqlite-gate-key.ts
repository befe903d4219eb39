import type { DatabaseSync } from "node:sqlite";
import { assertGateKeyMatches, gateKeyCheck } from "../google-account-gate.ts";
import { prepare } from "./sqlite-statement.ts";

/** The one row of `claim_gate_key`: the check of the key erased claims were fingerprinted under. */
export interface SqliteGateKey {
  /** Refuses `gateKey` when erased claims were fingerprinted under another key (or `gateKey` is missing). */
  verify(gateKey: string | undefined): void;
  /** The first erasure's: records `gateKey` as the store's, or refuses it if another was recorded first. */
  adopt(gateKey: string): void;
}

export function sqliteGateKey(db: DatabaseSync): SqliteGateKey {
  const read = prepare(db, "SELECT key_check FROM claim_gate_key WHERE id = 1");
  const record = prepare(db, "INSERT INTO claim_gate_key (id, key_check) VALUES (1, ?) ON CONFLICT (id) DO NOTHING");
  const verify = (gateKey: string | undefined) => {
    const row = read.get() as { key_check: string } | undefined;
    assertGateKeyMatches(row?.key_check ?? null, gateKey);
  };
  return {
    verify,
    adopt(gateKey) {
      record.run(gateKeyCheck(gateKey));
      verify(gateKey);
    },
  };
}
