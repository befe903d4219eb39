import { generateKeyPairSync, sign } from "node:crypto";
import { notFound, standInApp } from "../stand-in.ts";
import type { RelayFaultSwitch } from "./relay-faults.ts";
import { domainVerified } from "./reown-dashboard.ts";

const ATTESTATION_LIFETIME_SECONDS = 3600;
const PUBLIC_KEY_LIFETIME_SECONDS = 86_400;

/** WalletConnect's Verify: an ES256 attestation per origin (checked with `/v3/public-key`), verified only for a
 * domain the project verified; the SDK shows any other as UNKNOWN (`@walletconnect/core` `verify.ts`). */
export function verifyEmulator(faults: RelayFaultSwitch) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const { x, y } = publicKey.export({ format: "jwk" });
  const app = standInApp();
  app.use((req, _res, next) => {
    if (faults.take("verifyUnreachable", req)) return req.socket.destroy();
    next();
  });
  app.get("/v3/attestation", (req, res) => {
    const given = String(req.query.origin ?? "");
    if (!URL.canParse(given)) return res.status(400).json({ message: "origin must be the page's origin" });
    const { origin } = new URL(given);
    const exp = Math.floor(Date.now() / 1000) + ATTESTATION_LIFETIME_SECONDS;
    const isVerified = domainVerified(String(req.query.projectId ?? ""), origin);
    const payload = { exp, id: String(req.query.id ?? ""), origin, isScam: false, isVerified };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const signingInput = `${encode({ alg: "ES256", typ: "JWT" })}.${encode(payload)}`;
    const signature = sign("sha256", Buffer.from(signingInput), { key: privateKey, dsaEncoding: "ieee-p1363" });
    const message = JSON.stringify({
      type: "verify_attestation",
      attestation: `${signingInput}.${signature.toString("base64url")}`,
    });
    // Only the page that framed it may read the attestation.
    const post = `<script>parent.postMessage(${scriptValue(message)}, ${scriptValue(origin)});</script>`;
    const page = `<!doctype html><html><head><meta charset="utf-8"><title>Verify</title></head><body>${post}</body></html>`;
    res.type("html").send(page);
  });
  // Wallets fetch it from anywhere, browsers included.
  app.get("/v3/public-key", (_req, res) => {
    res.set("Access-Control-Allow-Origin", "*").json({
      publicKey: { crv: "P-256", ext: true, key_ops: ["verify"], kty: "EC", x, y },
      expiresAt: Math.floor(Date.now() / 1000) + PUBLIC_KEY_LIFETIME_SECONDS,
    });
  });
  app.use(notFound);
  return app;
}

/** JSON for an inline script, `<` escaped so no value can end the element. */
function scriptValue(value: string) {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
