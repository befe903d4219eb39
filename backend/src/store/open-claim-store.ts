import type { ClaimStore } from "./claim-store.ts";
import { openSqliteClaimStore } from "./sqlite/sqlite-claim-store.ts";

/** MongoDB when a URI is configured (several instances can share it); otherwise a SQLite file in `dataDir`. */
export async function openClaimStore(options: {
  mongodbUri?: string;
  dataDir: string;
  sqliteBusyTimeoutMs?: number;
  /** The operator's CLAIM_GATE_KEY: expired claims keep their Google account only as a fingerprint under it. */
  gateKey?: string;
}): Promise<{ store: ClaimStore; kind: "mongodb" | "sqlite" }> {
  const { mongodbUri, dataDir, sqliteBusyTimeoutMs, gateKey } = options;
  if (mongodbUri) {
    // Loaded only here: a server on SQLite never loads Mongoose.
    const { openMongoClaimStore } = await import("./mongo/mongo-claim-store.ts");
    return { store: await openMongoClaimStore({ uri: mongodbUri, gateKey }), kind: "mongodb" };
  }
  return {
    store: await openSqliteClaimStore({ dataDir, busyTimeoutMs: sqliteBusyTimeoutMs, gateKey }),
    kind: "sqlite",
  };
}
