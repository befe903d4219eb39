import forge from "node-forge";
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

// node:crypto reads certificates but cannot write them. A v3 certificate with no extensions, subject = issuer,
// signed sha256WithRSAEncryption: google-auth-library reads only its public key.
function selfSignedCertificatePem(privateKey: KeyObject, publicKey: KeyObject, commonName: string): string {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  // A positive serial: the leading 01 keeps the sign bit clear.
  certificate.serialNumber = `01${randomBytes(8).toString("hex")}`;
  const now = Date.now();
  certificate.validity.notBefore = new Date(now - 3_600_000);
  certificate.validity.notAfter = new Date(now + 365 * 86_400_000);
  // forge writes it as a PrintableString, which holds every character of the stand-in's own http://host:port.
  const name = [{ shortName: "CN", value: commonName }];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.sign(
    forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString()),
    forge.md.sha256.create(),
  );
  return forge.pki.certificateToPem(certificate);
}
