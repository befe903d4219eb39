import { randomBytes } from "node:crypto";
import { CHECK_GATE_KEY, type ScratchStorage } from "../claim-store-checks.ts";
import { openMongoClaimStore, openMongoConnection } from "./mongo-claim-store.ts";

/** A database of its own for one check; the URI's user must be allowed to drop it. */
export function mongoScratchStorage(uri: string): ScratchStorage {
  const dbName = `tube-store-check-${randomBytes(6).toString("hex")}`;
  return {
    open: ({ gateKey }) => openMongoClaimStore({ uri, dbName, gateKey }),
    async openUnavailable() {
      // A connection that is gone answers like a server that cannot be reached.
      const store = await openMongoClaimStore({ uri, dbName, gateKey: CHECK_GATE_KEY });
      await store.close();
      return { store, end: async () => {} };
    },
    async drop() {
      const connection = await openMongoConnection({ uri, dbName });
      try {
        await connection.dropDatabase();
      } finally {
        await connection.close();
      }
    },
  };
}
