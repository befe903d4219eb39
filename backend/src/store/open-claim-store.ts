import type { ClaimStore } from "./claim-store.ts";
import { openSqliteClaimStore } from "./sqlite/sqlite-claim-store.ts";

export interface OpenedClaimStore {
  store: ClaimStore;
  /** Which adapter was chosen, so the caller can log it at start-up. */
  kind: "mongodb" | "sqlite";
}

/** MongoDB when a URI is configured (several instances can share it); otherwise a SQLite file in `dataDir`. */
export async function openClaimStore(options: {
  mongodbUri?: string;
  dataDir: string;
  sqliteBusyTimeoutMs?: number;
  /** The operator's CLAIM_GATE_KEY: expired claims keep their Google account only as a fingerprint under it. */
  gateKey?: string;
}): Promise<OpenedClaimStore> {
  const { gateKey } = options;
  if (options.mongodbUri) {
    // Loaded only here: a server on SQLite never pays for loading Mongoose.
    const { openMongoClaimStore } = await import("./mongo/mongo-claim-store.ts");
    return { store: await openMongoClaimStore({ uri: options.mongodbUri, gateKey }), kind: "mongodb" };
  }
  return {
    store: await openSqliteClaimStore({
      dataDir: options.dataDir,
      busyTimeoutMs: options.sqliteBusyTimeoutMs,
      gateKey,
    }),
    kind: "sqlite",
  };
}
