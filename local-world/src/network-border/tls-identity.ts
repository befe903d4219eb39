import { X509Certificate, createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { selfSignedCertificatePem } from "../self-signed-certificate.ts";
import { BORDER_HOSTS } from "./border-hosts.ts";

/** The key and self-signed certificate the network border serves every outside host name with. */
export interface TlsIdentity {
  keyPem: string;
  certificatePem: string;
  /** Base64 SHA-256 of the SubjectPublicKeyInfo, for Chromium's `--ignore-certificate-errors-spki-list`. */
  spkiSha256: string;
}

/** The border's TLS identity, made on first use and kept in `dataDir`: the test runner trusts it before it starts. */
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
  // A certificate missing a host the border serves now is issued again on the same key, which browsers already trust.
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
