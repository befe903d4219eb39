import { createPublicKey, verify } from "node:crypto";
import { decodeIss, decodeJWT } from "@walletconnect/relay-auth";

/** The client id a relay connection's `auth` JWT proves (EdDSA by the key `iss` names, `aud` the relay dialled). */
export function checkRelayAuth(
  jwt: string,
  relayHosts: readonly string[],
  now = Date.now(),
): { clientId: string } | { error: string } {
  let decoded: ReturnType<typeof decodeJWT>;
  try {
    if (jwt.split(".").length !== 3) throw new Error("not three parts");
    decoded = decodeJWT(jwt);
  } catch {
    return { error: "Invalid JWT format" };
  }
  const { header, payload, data, signature } = decoded;
  if (header?.alg !== "EdDSA" || header.typ !== "JWT") return { error: "Invalid algorithm" };
  let publicKey: Uint8Array;
  try {
    publicKey = decodeIss(payload?.iss);
  } catch {
    return { error: "Invalid issuer" };
  }
  if (typeof payload.aud !== "string" || !URL.canParse(payload.aud)) return { error: "Invalid audience" };
  const audience = new URL(payload.aud);
  // The SDK's `aud` is the relay URL as given: a trailing slash or a path is another audience.
  if (!relayHosts.includes(audience.hostname) || payload.aud.replace(/^wss:\/\/[^/?]+/, "") !== "")
    return { error: "Invalid audience" };
  if (typeof payload.exp !== "number" || payload.exp * 1000 <= now) return { error: "JWT Token is expired" };
  if (typeof payload.iat === "number" && payload.iat * 1000 > now + 60_000)
    return { error: "JWT Token is not yet valid" };
  const key = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") },
    format: "jwk",
  });
  return verify(null, data, key, signature) ? { clientId: payload.iss } : { error: "Invalid signature" };
}
