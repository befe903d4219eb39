import type { ClaimStore } from "./claim-store.ts";
import { openSqliteClaimStore } from "./sqlite/sqlite-claim-store.ts";

/** MongoDB when a URI is configured (several instances can share it); otherwise a SQLite file in `dataDir`. */
export async function openClaimStore(options: {
  mongodbUri?: string;
  dataDir: string;
  sqliteBusyTimeoutMs?: number;
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
