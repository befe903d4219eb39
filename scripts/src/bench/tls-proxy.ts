/** The TLS proxy production puts in front of the app, for the Lighthouse bench: HTTP/2 to the browser, HTTP/1.1 on. */
import { createHash, createPublicKey, generateKeyPairSync } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { selfSignedCertificatePem } from "@tube/local-world/self-signed-certificate";

// Connection headers, which HTTP/2 forbids.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);

export async function startTlsProxy(upstream: string) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const cert = selfSignedCertificatePem(privateKey, publicKey, "localhost", ["localhost"]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const server = http2.createSecureServer(
    { key: privateKey.export({ type: "pkcs8", format: "pem" }), cert },
    (request, response) => {
      const headers = Object.entries(request.headers).filter(
        ([name]) => !name.startsWith(":") && !HOP_BY_HOP.has(name),
      );
      const forwarded = http.request(
        new URL(request.url, upstream),
        { method: request.method, headers: { ...Object.fromEntries(headers), host: request.authority }, agent },
        (answer) => {
          const kept = Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name));
          response.writeHead(answer.statusCode ?? 502, Object.fromEntries(kept));
          answer.pipe(response);
        },
      );
      forwarded.on("error", () => response.writeHead(502).end());
      request.pipe(forwarded);
    },
  );
  await once(server.listen(0, "127.0.0.1"), "listening");
  const spki = createPublicKey(privateKey).export({ type: "spki", format: "der" });
  return {
    url: `https://localhost:${(server.address() as AddressInfo).port}`,
    // The only certificate Chromium accepts unchecked.
    chromiumFlags: [`--ignore-certificate-errors-spki-list=${createHash("sha256").update(spki).digest("base64")}`],
    async stop() {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
