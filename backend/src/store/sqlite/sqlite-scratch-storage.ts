import fs from "node:fs/promises";
import path from "node:path";
import { CHECK_GATE_KEY, type ScratchStorage } from "../claim-store-checks.ts";
import { openSqliteClaimStore } from "./sqlite-claim-store.ts";
import { holdWriteLocks } from "./sqlite-database.ts";

/** A directory of its own under `parentDir` (doctor's DATA_DIR, for that filesystem's locks), for one check. */
export async function sqliteScratchStorage(parentDir: string): Promise<ScratchStorage> {
  await fs.mkdir(parentDir, { recursive: true });
  const dataDir = await fs.mkdtemp(path.join(parentDir, "tube-store-check-"));
  return {
    open: ({ gateKey }) => openSqliteClaimStore({ dataDir, gateKey }),
    async openUnavailable() {
      const store = await openSqliteClaimStore({ dataDir, busyTimeoutMs: 1, gateKey: CHECK_GATE_KEY });
      const holder = holdWriteLocks(dataDir);
      return {
        store,
        async end() {
          holder.close();
          await store.close();
        },
      };
    },
    drop: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}
