import { tmpdir } from "node:os";
import { describe, it } from "vitest";
import {
  CLAIM_STORE_CHECKS,
  mongoScratchStorage,
  runClaimStoreCheck,
  sqliteScratchStorage,
} from "./claim-store-checks.ts";

// The checks live in claim-store-checks.ts, where `npm run doctor -- --store` runs them too: only their names are here.

describe("SQLite claim store", () => {
  for (const check of CLAIM_STORE_CHECKS)
    it(check.name, () => runClaimStoreCheck(check, () => sqliteScratchStorage(tmpdir())));
});

// No MongoDB server can run on the development machines; CI sets MONGODB_URI to run these.
const mongodbUri = process.env.MONGODB_URI;

describe.skipIf(!mongodbUri)(
  mongodbUri ? "MongoDB claim store" : "MongoDB claim store (skipped: MONGODB_URI not set)",
  () => {
    for (const check of CLAIM_STORE_CHECKS)
      it(check.name, () => runClaimStoreCheck(check, () => mongoScratchStorage(mongodbUri!)));
  },
);
