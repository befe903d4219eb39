import { createHash, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from "node:crypto";

/**
 * The stand-in's RS256 key, made at start. Google publishes its keys twice: as X.509 certificates
 * (`/oauth2/v1/certs`, what google-auth-library fetches on Node) and as a JWK set (`/oauth2/v3/certs`).
 */
export interface SigningKey {
  kid: string;
  certificatePem: string;
  jwk: Record<string, unknown>;
  signJwt(payload: Record<string, unknown>): string;
  /** The payload of a JWT this key signed, or null when the signature does not hold. */
  verifyJwt(jwt: string): Record<string, unknown> | null;
}

export function createSigningKey(issuerName: string): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(20).toString("hex");
  const header = base64url(JSON.stringify({ alg: "RS256", kid, typ: "JWT" }));
  return {
    kid,
    certificatePem: selfSignedCertificatePem(privateKey, publicKey, issuerName),
    jwk: { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" },
    signJwt(payload) {
      const signed = `${header}.${base64url(JSON.stringify(payload))}`;
      return `${signed}.${sign("sha256", Buffer.from(signed), privateKey).toString("base64url")}`;
    },
    verifyJwt(jwt) {
      const [head, body, signature] = jwt.split(".");
      if (!head || !body || !signature) return null;
      if (!verify("sha256", Buffer.from(`${head}.${body}`), publicKey, Buffer.from(signature, "base64url")))
        return null;
      try {
        return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
      } catch {
        return null;
      }
    },
  };
}

/** OpenID's at_hash: the left half of the access token's SHA-256, base64url. */
export function accessTokenHash(accessToken: string): string {
  return createHash("sha256").update(accessToken).digest().subarray(0, 16).toString("base64url");
}

function base64url(text: string): string {
  return Buffer.from(text).toString("base64url");
}

// node:crypto reads certificates but cannot write them, so the certificate is assembled in DER here:
// an X.509 v1 certificate (no extensions), subject = issuer, signed sha256WithRSAEncryption.
function selfSignedCertificatePem(privateKey: KeyObject, publicKey: KeyObject, commonName: string): string {
  const sha256WithRsa = seq(oid("1.2.840.113549.1.1.11"), Buffer.from([0x05, 0x00]));
  const name = seq(set(seq(oid("2.5.4.3"), tlv(0x0c, Buffer.from(commonName)))));
  const now = Date.now();
  const tbs = seq(
    integer(randomBytes(8)),
    sha256WithRsa,
    name,
    seq(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + 365 * 86_400_000))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
  );
  const der = seq(tbs, sha256WithRsa, tlv(0x03, Buffer.concat([Buffer.from([0]), sign("sha256", tbs, privateKey)])));
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
}

function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  if (length < 0x80) return Buffer.concat([Buffer.from([tag, length]), content]);
  const lengthBytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) lengthBytes.unshift(rest & 0xff);
  return Buffer.concat([Buffer.from([tag, 0x80 | lengthBytes.length, ...lengthBytes]), content]);
}

const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));

/** A positive INTEGER: a leading zero byte keeps the sign bit clear. */
function integer(bytes: Buffer): Buffer {
  return tlv(0x02, (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) base128.unshift((value & 0x7f) | 0x80);
    bytes.push(...base128);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime, YYMMDDHHMMSSZ: valid for years before 2050, which covers a certificate made today. */
function utcTime(date: Date): Buffer {
  const digits = date.toISOString().replace(/[-:T]/g, "").slice(2, 14);
  return tlv(0x17, Buffer.from(`${digits}Z`));
}
