import { createPublicKey, verify } from "node:crypto";
import { decodeIss } from "@walletconnect/relay-auth";

/**
 * The client id a relay connection's `auth` proves, or why it proves none: the SDK's `signJWT`
 * (`@walletconnect/relay-auth`), EdDSA by the key `iss` names, `aud` the relay URL dialled.
 */
export function checkRelayAuth(
  jwt: string,
  relayHosts: readonly string[],
  now = Date.now(),
): { clientId: string } | { error: string } {
  const [header64, payload64, signature64, ...rest] = jwt.split(".");
  if (!header64 || !payload64 || !signature64 || rest.length > 0) return { error: "Invalid JWT format" };
  const header = decodeJson(header64);
  const payload = decodeJson(payload64);
  if (header?.alg !== "EdDSA" || header.typ !== "JWT") return { error: "Invalid algorithm" };
  if (typeof payload?.iss !== "string") return { error: "Invalid issuer" };
  const publicKey = ed25519KeyOfDid(payload.iss);
  if (!publicKey) return { error: "Invalid issuer" };
  if (typeof payload.aud !== "string" || !URL.canParse(payload.aud)) return { error: "Invalid audience" };
  const audience = new URL(payload.aud);
  // The SDK's `aud` is the relay URL as given, so a trailing slash or a path makes it another audience.
  if (!relayHosts.includes(audience.hostname) || payload.aud.replace(/^wss:\/\/[^/?]+/, "") !== "")
    return { error: "Invalid audience" };
  if (typeof payload.exp !== "number" || payload.exp * 1000 <= now) return { error: "JWT Token is expired" };
  if (typeof payload.iat === "number" && payload.iat * 1000 > now + 60_000)
    return { error: "JWT Token is not yet valid" };
  const signed = verify(
    null,
    Buffer.from(`${header64}.${payload64}`, "utf8"),
    createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: publicKey.toString("base64url") }, format: "jwk" }),
    Buffer.from(signature64, "base64url"),
  );
  return signed ? { clientId: payload.iss } : { error: "Invalid signature" };
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The 32-byte Ed25519 key of `did:key:z<base58btc(0xed 0x01 ‖ key)>`, or null for any other DID. */
function ed25519KeyOfDid(did: string): Buffer | null {
  try {
    return Buffer.from(decodeIss(did));
  } catch {
    return null;
  }
}
