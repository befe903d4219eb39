import { createHmac } from "node:crypto";
import { ConfigError } from "../config.ts";

/** What an erased claim keeps of its account: HMAC-SHA256 under `CLAIM_GATE_KEY`, recognisable, not reversible. */
export function googleAccountFingerprint(gateKey: string, googleSub: string): string {
  // The prefix marks an erased id (Google's own are digits only): erasure passes over it.
  return "hmac-sha256:" + createHmac("sha256", gateKey).update(googleSub).digest("hex");
}

/** What a claim of `googleSub` may be stored under: the id, and once erased its fingerprint (the id, with no key). */
export function storedFormsOf(gateKey: string | undefined, googleSub: string): [asGiven: string, erased: string] {
  return [googleSub, gateKey === undefined ? googleSub : googleAccountFingerprint(gateKey, googleSub)];
}

/** The key erasing needs; refused without one, since an id erased without a key could never be recognised again. */
export function requireGateKey(gateKey: string | undefined): string {
  if (gateKey === undefined)
    throw new Error("CLAIM_GATE_KEY is not set: expired claims cannot be erased without it (see docs/deploy.md)");
  return gateKey;
}

/** What the store keeps of its key from the first erasure on: an HMAC of a fixed text, which does not give the key. */
export function gateKeyCheck(gateKey: string): string {
  return createHmac("sha256", gateKey).update("tube claim gate key check").digest("hex");
}

/**
 * Refuses a key other than the one the fingerprints were made under (`storedCheck`, null before the first erasure):
 * under another key, or none, every erased account could claim again. The message never holds the key.
 */
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
