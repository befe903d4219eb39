import { Agent, buildConnector, Client, setGlobalDispatcher, type Dispatcher } from "undici";
import { CONTROL_PATH } from "../stand-in.ts";
import { BORDER_HOSTS } from "./border-hosts.ts";

export interface BorderClient {
  port: number;
  certificatePem: string;
}

/** One HTTPS request to `host`'s stand-in, TLS checked against the border's certificate for that name; no redirects. */
export async function borderRequest(
  border: BorderClient,
  host: string,
  request: { method?: Dispatcher.HttpMethod; path: string; headers?: Record<string, string>; body?: unknown },
) {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const client = new Client(`https://127.0.0.1:${border.port}`, {
    connect: { ca: border.certificatePem, servername: host },
  });
  try {
    const response = await client.request({
      method: request.method ?? "GET",
      path: request.path,
      headers: { host, ...(body === undefined ? {} : { "content-type": "application/json" }), ...request.headers },
      body,
    });
    return { status: response.statusCode, headers: response.headers, body: await response.body.text() };
  } finally {
    await client.close();
  }
}

/** Posts `body` to the control `action` of the stand-in for `host`; throws what the stand-in refused. */
export async function controlStandIn(border: BorderClient, host: string, action: string, body: unknown): Promise<void> {
  const path = `${CONTROL_PATH}/${action}`;
  const { status, body: answer } = await borderRequest(border, host, { method: "POST", path, body });
  if (status !== 200) throw new Error(`the stand-in for ${host} refused ${path}: HTTP ${status} ${answer}`);
}

/** Routes this process's `fetch` and `WebSocket` for the border's hosts to it: Node's WalletConnect takes no TLS options. */
export function routeBorderHostsFromNode(border: BorderClient): void {
  const direct = buildConnector({});
  const toBorder = buildConnector({ ca: border.certificatePem });
  setGlobalDispatcher(
    new Agent({
      connect: (options, callback) =>
        (BORDER_HOSTS as readonly string[]).includes(options.hostname)
          ? toBorder(
              { ...options, hostname: "127.0.0.1", port: String(border.port), servername: options.hostname },
              callback,
            )
          : direct(options, callback),
    }),
  );
}
