import https from "node:https";
import { CONTROL_PATH } from "../stand-in.ts";

/** The network border at `port` and the certificate it serves. */
export interface BorderClient {
  port: number;
  certificatePem: string;
}

/**
 * One HTTPS request to the stand-in for `host` behind the border, as a client of that host makes it: TLS checked
 * against the border's own certificate and the host's name. Redirects are not followed.
 */
export function borderRequest(
  border: BorderClient,
  host: string,
  request: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      {
        host: "127.0.0.1",
        port: border.port,
        servername: host,
        ca: border.certificatePem,
        method: request.method ?? "GET",
        path: request.path,
        headers: { host, ...(body === undefined ? {} : { "content-type": "application/json" }), ...request.headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Posts `body` to the control `action` of the stand-in for `host`; throws what the stand-in refused. */
export async function controlStandIn(border: BorderClient, host: string, action: string, body: unknown): Promise<void> {
  const path = `${CONTROL_PATH}/${action}`;
  const { status, body: answer } = await borderRequest(border, host, { method: "POST", path, body });
  if (status !== 200) throw new Error(`the stand-in for ${host} refused ${path}: HTTP ${status} ${answer}`);
}
