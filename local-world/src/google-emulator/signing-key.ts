import { createHash, generateKeyPairSync, randomBytes, sign, verify } from "node:crypto";
import { selfSignedCertificatePem } from "../self-signed-certificate.ts";

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
