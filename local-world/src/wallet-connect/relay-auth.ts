import { createPublicKey, verify } from "node:crypto";

/** The did:key prefix of an Ed25519 key: multicodec 0xed 0x01 (`@walletconnect/relay-auth` `src/constants.ts`). */
const ED25519_MULTICODEC = Buffer.from([0xed, 0x01]);
const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/**
 * The client identity a relay connection's `auth` proves, or why it proves none. The SDK signs it itself
 * (`@walletconnect/relay-auth` `src/api.ts`, `signJWT`): header `{alg: "EdDSA", typ: "JWT"}`, payload
 * `{iss: "did:key:z…", sub, aud, iat, exp}` in base64url, an Ed25519 signature by the key `iss` names, and `aud`
 * the relay URL the client dialled. The `iss` is the client id a subscription id is made from.
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
  const match = /^did:key:z([1-9A-HJ-NP-Za-km-z]+)$/.exec(did);
  if (!match) return null;
  const bytes = base58Decode(match[1] as string);
  if (bytes.length !== 34 || !bytes.subarray(0, 2).equals(ED25519_MULTICODEC)) return null;
  return bytes.subarray(2);
}

function base58Decode(text: string): Buffer {
  let value = 0n;
  for (const character of text) value = value * 58n + BigInt(BASE58_ALPHABET.indexOf(character));
  const hex = value === 0n ? "" : value.toString(16);
  const leadingZeros = /^1*/.exec(text)?.[0].length ?? 0;
  return Buffer.concat([
    Buffer.alloc(leadingZeros),
    Buffer.from(hex.padStart(hex.length + (hex.length % 2), "0"), "hex"),
  ]);
}
