import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { selfSignedCertificatePem } from "../self-signed-certificate.ts";

export type SigningKey = ReturnType<typeof createSigningKey>;

/** Made at start, as an X.509 certificate and a JWK. */
export function createSigningKey(issuerName: string) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(20).toString("hex");
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const header = base64url({ alg: "RS256", kid, typ: "JWT" });
  return {
    kid,
    certificatePem: selfSignedCertificatePem(privateKey, publicKey, issuerName),
    jwk: { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" } as Record<string, unknown>,
    signJwt(payload: Record<string, unknown>) {
      const signed = `${header}.${base64url(payload)}`;
      return `${signed}.${sign("sha256", Buffer.from(signed), privateKey).toString("base64url")}`;
    },
  };
}

/** OpenID's at_hash: the left half of the access token's SHA-256, base64url. */
export function accessTokenHash(accessToken: string) {
  return createHash("sha256").update(accessToken).digest().subarray(0, 16).toString("base64url");
}
