import { createHmac } from "node:crypto";
import { ConfigError } from "../config.ts";

/** What an erased claim keeps of its account: an HMAC under `CLAIM_GATE_KEY`, recognisable, not reversible. */
export function googleAccountFingerprint(gateKey: string, googleSub: string): string {
  // The prefix marks an erased id (Google's are digits only), so erasure passes over it.
  return "hmac-sha256:" + createHmac("sha256", gateKey).update(googleSub).digest("hex");
}

/** What a claim of `googleSub` may be stored under: the id, or its fingerprint (the id again, with no key). */
export function storedFormsOf(gateKey: string | undefined, googleSub: string): [asGiven: string, erased: string] {
  return [googleSub, gateKey === undefined ? googleSub : googleAccountFingerprint(gateKey, googleSub)];
}

/** Erasing needs the key: an id erased without one could never be recognised again. */
export function requireGateKey(gateKey: string | undefined): string {
  if (gateKey === undefined)
    throw new Error("CLAIM_GATE_KEY is not set: expired claims cannot be erased without it (see docs/deploy.md)");
  return gateKey;
}

/** What the store keeps of its key from the first erasure on; it does not give the key. */
export function gateKeyCheck(gateKey: string): string {
  return createHmac("sha256", gateKey).update("tube claim gate key check").digest("hex");
}

/** Refuses a key other than the fingerprints' (`storedCheck`, null before any erasure), without naming it. */
export function assertGateKeyMatches(
  storedCheck: string | null,
  gateKey: string | undefined,
  refusing = "to open the claim store",
): void {
  if (storedCheck === null || (gateKey !== undefined && gateKeyCheck(gateKey) === storedCheck)) return;
  const why =
    gateKey === undefined
      ? "is not set, but claims in this store were erased under one"
      : "is not the key this store's erased claims were fingerprinted under";
  throw new ConfigError(
    `Refusing ${refusing}:\n  CLAIM_GATE_KEY: ${why}: their accounts could claim again; set the key kept with the backups (docs/deploy.md)`,
  );
}
