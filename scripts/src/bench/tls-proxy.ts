/**
 * Debian's nginx as the TLS proxy production puts in front of the app, speaking HTTP/2, for the Lighthouse bench. Its
 * certificate is self-signed at each run; only the Lighthouse Chromium is told to accept it, by its public key.
 */
import { execFile, spawn } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "@tube/local-world/free-port";

const NGINX = "/usr/sbin/nginx";

/**
 * nginx on a free port of localhost, HTTP/2 over TLS, forwarding every request to `upstream` over HTTP/1.1; null
 * where nginx is not installed.
 */
export async function startTlsProxy(upstream: string) {
  if (!existsSync(NGINX)) return null;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-tls-proxy-"));
  // nginx's workers drop root for nobody and must still reach their temporary directories.
  await fs.chmod(dir, 0o755);
  const certificate = path.join(dir, "localhost.crt");
  const key = path.join(dir, "localhost.key");
  await promisify(execFile)("openssl", [
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
    ...["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost", "-keyout", key, "-out", certificate],
  ]);
  const spki = new X509Certificate(await fs.readFile(certificate)).publicKey.export({ type: "spki", format: "der" });
  const port = await freePort();
  await fs.writeFile(path.join(dir, "nginx.conf"), nginxConf({ dir, port, certificate, key, upstream }));
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `https://localhost:${port}`;
  // Any answer, an error page included, means nginx listens; only a refused connection means not yet.
  const refused = (error: Error & { cause?: { code?: string } }) => error.cause?.code === "ECONNREFUSED";
  const deadline = Date.now() + 10_000;
  while (await fetch(`http://127.0.0.1:${port}`).then(() => false, refused)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not listen (${child.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    /** Chromium flags that make it accept this proxy's certificate and nothing else unchecked. */
    chromiumFlags: [`--ignore-certificate-errors-spki-list=${createHash("sha256").update(spki).digest("base64")}`],
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await exited;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

function nginxConf(options: { dir: string; port: number; certificate: string; key: string; upstream: string }): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
    (kind) => `  ${kind}_temp_path ${path.join(options.dir, kind)};`,
  );
  // Compression stays off: the app sends its files already compressed, as it would to a proxy that never compresses.
  return `daemon off;
worker_processes 1;
pid ${path.join(options.dir, "nginx.pid")};
error_log stderr warn;
events { worker_connections 256; }
http {
  access_log off;
${temp.join("\n")}
  upstream app {
    server ${new URL(options.upstream).host};
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${options.port} ssl http2;
    ssl_certificate ${options.certificate};
    ssl_certificate_key ${options.key};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto https;
    }
  }
}
`;
}
