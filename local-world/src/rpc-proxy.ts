/**
 * A hosted RPC provider in front of a local chain: it forwards JSON-RPC (single and batch) and, like Alchemy's or
 * QuickNode's entry plans, refuses an `eth_getLogs` over more blocks than its plan allows. It counts what it
 * receives, so a test can tell what one claim costs in requests, and it can play unreachable.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { post } from "./test/json-rpc.ts";

export interface RpcProxyOptions {
  upstreamUrl: string;
  /**
   * The widest `eth_getLogs` answered, in blocks, both ends counted (a `blockHash` filter is one block); absent: any.
   * Alchemy's free tier allows 10 on Arbitrum One, QuickNode's trial 5.
   */
  getLogsMaxRange?: number;
  /** 0 or absent: a free port. */
  port?: number;
}

export interface RpcProxy {
  url: string;
  /**
   * What arrived since the start or the last reset: per JSON-RPC method, each member of a batch counted, and under
   * `http` the HTTP requests. Refused and dropped requests count too.
   */
  counts(): Record<string, number>;
  resetCounts(): void;
  /** While set, every request is read and its connection closed unanswered, as when the provider cannot be reached. */
  setUnreachable(unreachable: boolean): void;
  stop(): Promise<void>;
}

interface RpcCall {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

interface LogFilter {
  fromBlock?: unknown;
  toBlock?: unknown;
  blockHash?: unknown;
}

const UPSTREAM_TIMEOUT_MS = 30_000;

export async function startRpcProxy(options: RpcProxyOptions): Promise<RpcProxy> {
  let counts: Record<string, number> = {};
  let unreachable = false;
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);

  const server = createServer((request, response) => {
    // The chain behind is the only thing that fails here: answer as a gateway whose upstream is down.
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
      response.end(`the chain at ${options.upstreamUrl} did not answer: ${String(error)}`);
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    count("http");
    const parsed = parseJson(body);
    const calls: RpcCall[] = Array.isArray(parsed) ? parsed : isObject(parsed) ? [parsed] : [];
    for (const call of calls) count(typeof call.method === "string" ? call.method : "(no method)");

    if (unreachable) {
      request.socket.destroy();
      return;
    }
    if (request.method !== "POST") {
      response.writeHead(405, { allow: "POST", "content-type": "text/plain" }).end("JSON-RPC takes POST");
      return;
    }
    const refusals = options.getLogsMaxRange === undefined ? [] : await refuseWideLogQueries(calls);
    if (!refusals.some(Boolean)) {
      await forward(body, response);
    } else if (!Array.isArray(parsed)) {
      // Alchemy answers a refused single request with HTTP 400 and this body.
      sendJson(response, 400, refusals[0]);
    } else {
      await answerBatch(calls, refusals, response);
    }
  }

  /** For each call, the error a provider with this cap answers, or undefined when the call may pass. */
  async function refuseWideLogQueries(calls: RpcCall[]): Promise<Array<object | undefined>> {
    const cap = BigInt(options.getLogsMaxRange as number);
    const filters = calls.map((call) => (call.method === "eth_getLogs" ? logFilterOf(call) : undefined));
    const tags = new Set<string>();
    for (const filter of filters) {
      if (!filter || filter.blockHash !== undefined) continue;
      for (const tag of [tagOf(filter.fromBlock), tagOf(filter.toBlock)]) if (tag) tags.add(tag);
    }
    const heads = await resolveTags([...tags]);
    return filters.map((filter, index) => {
      if (!filter || filter.blockHash !== undefined) return undefined;
      const from = blockOf(filter.fromBlock, heads);
      const to = blockOf(filter.toBlock, heads);
      if (from === undefined || to === undefined || to - from + 1n <= cap) return undefined;
      return { jsonrpc: "2.0", id: calls[index]?.id ?? null, error: overRangeError(cap, from) };
    });
  }

  /** The block numbers of the tags a filter names, in one upstream request that is not counted. */
  async function resolveTags(tags: string[]): Promise<Map<string, bigint>> {
    const heads = new Map<string, bigint>([["earliest", 0n]]);
    const asked = tags.filter((tag) => tag !== "earliest");
    if (asked.length === 0) return heads;
    const { body } = await post(
      options.upstreamUrl,
      asked.map((tag, id) =>
        tag === "latest" || tag === "pending"
          ? { jsonrpc: "2.0", id, method: "eth_blockNumber", params: [] }
          : { jsonrpc: "2.0", id, method: "eth_getBlockByNumber", params: [tag, false] },
      ),
      { timeoutMs: UPSTREAM_TIMEOUT_MS },
    );
    const answers = body as Array<{ id: number; result?: string | { number: string } | null }>;
    for (const { id, result } of answers) {
      const number = typeof result === "string" ? result : result?.number;
      const tag = asked[id];
      if (tag !== undefined && number !== undefined) heads.set(tag, BigInt(number));
    }
    return heads;
  }

  /**
   * Forwards the calls not refused as one batch and answers every call in the order asked, with HTTP 200 as for any
   * batch whose members fail one by one (how Alchemy answers a batch holding a refused call is not on record).
   */
  async function answerBatch(calls: RpcCall[], refusals: Array<object | undefined>, response: ServerResponse) {
    const passing = calls.filter((_, index) => !refusals[index]);
    const answered = new Map<string, unknown>();
    if (passing.length > 0) {
      const upstream = await postUpstream(JSON.stringify(passing));
      const answers: unknown = await upstream.json();
      if (!Array.isArray(answers)) return sendJson(response, upstream.status, answers);
      for (const answer of answers as RpcCall[]) answered.set(JSON.stringify(answer.id), answer);
    }
    const merged = calls.flatMap((call, index) => {
      const answer = refusals[index] ?? answered.get(JSON.stringify(call.id));
      return answer === undefined ? [] : [answer];
    });
    sendJson(response, 200, merged);
  }

  async function forward(body: string, response: ServerResponse): Promise<void> {
    const upstream = await postUpstream(body);
    response.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" });
    response.end(Buffer.from(await upstream.arrayBuffer()));
  }

  function postUpstream(body: string): Promise<Response> {
    return fetch(options.upstreamUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  }

  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => ({ ...counts }),
    resetCounts: () => {
      counts = {};
    },
    setUnreachable: (value) => {
      unreachable = value;
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/**
 * Alchemy's answer to an `eth_getLogs` wider than the free tier's 10 blocks, as observed in production and recorded in
 * https://github.com/jaxernst/lasso-rpc/blob/main/lib/lasso/core/providers/adapters/alchemy.ex :
 * `{"code":-32600,"message":"Under the Free tier plan, you can make eth_getLogs requests with up to a 10 block range.
 * Based on your parameters, this block range should work: [0x1180fca, 0x1180fd3]. Upgrade to PAYG for expanded block
 * range."}` — the suggested range starts at `fromBlock` and spans the cap. (QuickNode's trial answers HTTP 413 with
 * `{"code":-32615,"message":"eth_getLogs is limited to a 5 range, …"}`; one shape is enough to fail a design on.)
 */
function overRangeError(cap: bigint, from: bigint): { code: number; message: string } {
  const suggested = `[0x${from.toString(16)}, 0x${(from + cap - 1n).toString(16)}]`;
  return {
    code: -32600,
    message:
      `Under the Free tier plan, you can make eth_getLogs requests with up to a ${cap} block range. ` +
      `Based on your parameters, this block range should work: ${suggested}. Upgrade to PAYG for expanded block range.`,
  };
}

function logFilterOf(call: RpcCall): LogFilter | undefined {
  const filter = Array.isArray(call.params) ? call.params[0] : undefined;
  return isObject(filter) ? filter : undefined;
}

/** The tag a block parameter names; an absent one means `latest`. */
function tagOf(block: unknown): string | undefined {
  if (block === undefined) return "latest";
  return typeof block === "string" && !block.startsWith("0x") ? block : undefined;
}

function blockOf(block: unknown, heads: Map<string, bigint>): bigint | undefined {
  const tag = tagOf(block);
  if (tag !== undefined) return heads.get(tag);
  return typeof block === "string" && /^0x[0-9a-f]+$/i.test(block) ? BigInt(block) : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
