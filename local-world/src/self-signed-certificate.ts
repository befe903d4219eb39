import forge from "node-forge";
import { randomBytes, type KeyObject } from "node:crypto";

/** A self-signed v3 certificate (node:crypto cannot write one), valid a year, `dnsNames` its subjectAltName. */
export function selfSignedCertificatePem(
  privateKey: KeyObject,
  publicKey: KeyObject,
  commonName: string,
  dnsNames: readonly string[] = [],
) {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  // A positive serial: the leading 01 keeps the sign bit clear.
  certificate.serialNumber = `01${randomBytes(8).toString("hex")}`;
  const now = Date.now();
  certificate.validity.notBefore = new Date(now - 3_600_000);
  certificate.validity.notAfter = new Date(now + 365 * 86_400_000);
  // forge writes a PrintableString, which holds every character of the stand-in's http://host:port.
  const name = [{ shortName: "CN", value: commonName }];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  if (dnsNames.length > 0)
    certificate.setExtensions([{ name: "subjectAltName", altNames: dnsNames.map((value) => ({ type: 2, value })) }]);
  certificate.sign(
    forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString()),
    forge.md.sha256.create(),
  );
  return forge.pki.certificateToPem(certificate);
}
