import { X509Certificate, createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { selfSignedCertificatePem } from "../self-signed-certificate.ts";
import { BORDER_HOSTS } from "./border-hosts.ts";

export interface TlsIdentity {
  keyPem: string;
  certificatePem: string;
  /** Base64 SHA-256 of the SubjectPublicKeyInfo, for Chromium's `--ignore-certificate-errors-spki-list`. */
  spkiSha256: string;
}

/** Made on first use and kept in `dataDir`: the test runner trusts it before it starts. */
export function loadTlsIdentity(dataDir: string) {
  const dir = path.join(dataDir, "network-border");
  const keyFile = path.join(dir, "key.pem");
  const certificateFile = path.join(dir, "certificate.pem");
  if (!fs.existsSync(certificateFile)) {
    fs.mkdirSync(dir, { recursive: true });
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    fs.writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
  }
  const keyPem = fs.readFileSync(keyFile, "utf8");
  const privateKey = createPrivateKey(keyPem);
  // Reissued on the same key, which browsers trust, when it misses a host the border now serves.
  const names = fs.existsSync(certificateFile)
    ? (new X509Certificate(fs.readFileSync(certificateFile, "utf8")).subjectAltName ?? "").split(", ")
    : [];
  if (!BORDER_HOSTS.every((host) => names.includes(`DNS:${host}`))) {
    const pem = selfSignedCertificatePem(
      privateKey,
      createPublicKey(privateKey),
      "TuBE local network border",
      BORDER_HOSTS,
    );
    // Renamed into place: the test runner's processes read it while another may be writing it.
    const partial = `${certificateFile}.${process.pid}`;
    fs.writeFileSync(partial, pem);
    fs.renameSync(partial, certificateFile);
  }
  const spki = createPublicKey(privateKey).export({ type: "spki", format: "der" });
  return {
    keyPem,
    certificatePem: fs.readFileSync(certificateFile, "utf8"),
    spkiSha256: createHash("sha256").update(spki).digest("base64"),
  };
}
