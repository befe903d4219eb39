import { X509Certificate, createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { selfSignedCertificatePem } from "../self-signed-certificate.ts";
import { BORDER_HOSTS } from "./border-hosts.ts";

/** The key and self-signed certificate the network border serves every outside host name with. */
export interface TlsIdentity {
  keyPem: string;
  certificatePem: string;
  /**
   * Base64 SHA-256 of the certificate's SubjectPublicKeyInfo: what Chromium's `--ignore-certificate-errors-spki-list`
   * takes, so the browser trusts this one key and no other certificate error.
   */
  spkiSha256: string;
}

/**
 * The border's TLS identity for `dataDir`, made on first use and kept there: the test runner launches Chromium with
 * its fingerprint before `npm start` has started the border, and both read the same files.
 */
export function loadTlsIdentity(dataDir: string): TlsIdentity {
  const dir = path.join(dataDir, "network-border");
  const keyFile = path.join(dir, "key.pem");
  const certificateFile = path.join(dir, "certificate.pem");
  if (!fs.existsSync(certificateFile)) {
    fs.mkdirSync(dir, { recursive: true });
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    fs.writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
    // The certificate last: its presence says the pair is complete.
    issueCertificate(keyFile, certificateFile);
  }
  // A data dir from before the border served a host gets a certificate naming it too, on the same key: browsers
  // already launched with the key's fingerprint keep trusting it, and Node clients checking the name accept it.
  if (!namesEveryHost(fs.readFileSync(certificateFile, "utf8"))) issueCertificate(keyFile, certificateFile);
  const keyPem = fs.readFileSync(keyFile, "utf8");
  const spki = createPublicKey(createPrivateKey(keyPem)).export({ type: "spki", format: "der" });
  return {
    keyPem,
    certificatePem: fs.readFileSync(certificateFile, "utf8"),
    spkiSha256: createHash("sha256").update(spki).digest("base64"),
  };
}

function issueCertificate(keyFile: string, certificateFile: string): void {
  const privateKey = createPrivateKey(fs.readFileSync(keyFile, "utf8"));
  const certificate = selfSignedCertificatePem(
    privateKey,
    createPublicKey(privateKey),
    "TuBE local network border",
    BORDER_HOSTS,
  );
  // Renamed into place whole: the test runner's processes read this file while another may be writing it.
  const partial = `${certificateFile}.${process.pid}`;
  fs.writeFileSync(partial, certificate);
  fs.renameSync(partial, certificateFile);
}

function namesEveryHost(certificatePem: string): boolean {
  const names = (new X509Certificate(certificatePem).subjectAltName ?? "").split(", ");
  return BORDER_HOSTS.every((host) => names.includes(`DNS:${host}`));
}
