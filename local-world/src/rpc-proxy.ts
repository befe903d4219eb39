/**
 * A hosted RPC provider in front of a local chain: it forwards JSON-RPC (single and batch) and, like Alchemy's or
 * QuickNode's entry plans, refuses an `eth_getLogs` over more blocks than its plan allows, a batch over its cap and
 * calls over its per-second limit. It can also hold `safe` and `finalized` back by time, as Arbitrum One's trail
 * `latest` by minutes. It counts what it receives, so a test can tell what one claim costs in requests, and it can
 * play unreachable.
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
  /**
   * The most calls one batch may hold; a larger batch is refused whole. Moralis allows 20, Alchemy 1,000 over HTTP.
   * Absent: any.
   */
  maxBatchCalls?: number;
  /**
   * Calls answered per second, every member of a batch counted (QuickNode and Alchemy count each call against their
   * per-second capacity). Calls past it get the provider's 429. Absent: any.
   */
  callsPerSecond?: number;
  /**
   * How far `safe` and `finalized` trail `latest`, in milliseconds of block time: the tag is answered with the newest
   * block at least that old. On Arbitrum One `safe` follows once the batch is posted and L1's safe block covers it
   * (minutes), `finalized` once L1 finalizes it (about 13 minutes more). Absent: the chain's own tags.
   */
  finalityLagMs?: { safe: number; finalized: number };
  /** The clock the lag and the per-second limit are read from; absent, the machine's. */
  now?: () => number;
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
  /**
   * The most calls one HTTP request held since the start or the last reset (a single call is 1), refused ones
   * included: how close the client came to a provider's batch cap.
   */
  largestBatch(): number;
  /** Starts the counts and the largest batch again from nothing. */
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

/**
 * Alchemy's answer to calls past the app's per-second capacity: HTTP 429 for a single call, and this error for each
 * call of a batch past it (its error reference, "429: Too Many Requests").
 */
const RATE_LIMITED = {
  code: 429,
  message:
    "Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely " +
    "ignore this message. If not, check out https://docs.alchemy.com/reference/throughput",
};

/**
 * A Nitro (go-ethereum) node's answer to a batch over its limit: one error, with the first call's id, in an array
 * (go-ethereum `rpc/handler.go`, respondWithBatchTooLarge).
 */
const BATCH_TOO_LARGE = { code: -32600, message: "batch too large" };

export async function startRpcProxy(options: RpcProxyOptions): Promise<RpcProxy> {
  const now = options.now ?? Date.now;
  let counts: Record<string, number> = {};
  let largestBatch = 0;
  let unreachable = false;
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  // When each call of the last second arrived, for the per-second limit.
  let answeredAt: number[] = [];
  /** Takes one call from this second's allowance; false when none is left. */
  const withinRate = () => {
    if (options.callsPerSecond === undefined) return true;
    const at = now();
    answeredAt = answeredAt.filter((earlier) => earlier > at - 1_000);
    if (answeredAt.length >= options.callsPerSecond) return false;
    answeredAt.push(at);
    return true;
  };

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
    largestBatch = Math.max(largestBatch, calls.length);

    if (unreachable) {
      request.socket.destroy();
      return;
    }
    if (request.method !== "POST") {
      response.writeHead(405, { allow: "POST", "content-type": "text/plain" }).end("JSON-RPC takes POST");
      return;
    }
    if (Array.isArray(parsed) && options.maxBatchCalls !== undefined && calls.length > options.maxBatchCalls) {
      sendJson(response, 200, [{ jsonrpc: "2.0", id: calls[0]?.id ?? null, error: BATCH_TOO_LARGE }]);
      return;
    }
    const rateLimited = calls.map((call) =>
      withinRate() ? undefined : { jsonrpc: "2.0", id: call.id ?? null, error: RATE_LIMITED },
    );
    if (!Array.isArray(parsed) && rateLimited[0]) return sendJson(response, 429, rateLimited[0]);
    const wide = options.getLogsMaxRange === undefined ? [] : await refuseWideLogQueries(calls);
    const lagged = options.finalityLagMs === undefined ? [] : await laggedFinalBlocks(calls);
    const local = calls.map((_, index) => rateLimited[index] ?? wide[index] ?? lagged[index]);
    if (!local.some(Boolean)) {
      await forward(body, response);
    } else if (!Array.isArray(parsed)) {
      // Alchemy answers a refused single request with HTTP 400; a block it answers itself is a plain answer.
      sendJson(response, wide[0] ? 400 : 200, local[0]);
    } else {
      await answerBatch(calls, local, response);
    }
  }

  /**
   * For each `eth_getBlockByNumber` of `safe` or `finalized`, the answer of a chain whose tag trails `latest` by the
   * configured time: the newest block whose timestamp is at least that old (found by bisection, uncounted), or null
   * while no block is that old yet, as a young chain answers.
   */
  async function laggedFinalBlocks(calls: RpcCall[]): Promise<Array<object | undefined>> {
    const lag = options.finalityLagMs as { safe: number; finalized: number };
    return Promise.all(
      calls.map(async (call) => {
        const [tag, full]: unknown[] = Array.isArray(call.params) ? call.params : [];
        if (call.method !== "eth_getBlockByNumber" || (tag !== "safe" && tag !== "finalized")) return undefined;
        const before = Math.floor((now() - lag[tag]) / 1000);
        return { jsonrpc: "2.0", id: call.id ?? null, result: await newestBlockAtOrBefore(before, full === true) };
      }),
    );
  }

  /**
   * Bisects for the newest block with a timestamp at or before `timestamp`. A block number the chain does not have
   * (below the first block of a chain started at a height, or skipped by a state load) counts as old: when the
   * boundary lands on one, no block is old enough and the answer is null.
   */
  async function newestBlockAtOrBefore(timestamp: number, full: boolean): Promise<unknown> {
    const block = async (number: bigint | "latest") =>
      (await upstream("eth_getBlockByNumber", [
        typeof number === "bigint" ? `0x${number.toString(16)}` : number,
        full,
      ])) as { number: string; timestamp: string } | null;
    const latest = await block("latest");
    if (!latest || Number(latest.timestamp) <= timestamp) return latest;
    let low = -1n;
    let high = BigInt(latest.number);
    while (high - low > 1n) {
      const middle = (low + high) / 2n;
      const seen = await block(middle);
      if (!seen || Number(seen.timestamp) <= timestamp) low = middle;
      else high = middle;
    }
    return low < 0n ? null : block(low);
  }

  async function upstream(method: string, params: unknown[]): Promise<unknown> {
    const { body } = await post(
      options.upstreamUrl,
      { jsonrpc: "2.0", id: 1, method, params },
      { timeoutMs: UPSTREAM_TIMEOUT_MS },
    );
    return (body as { result?: unknown }).result ?? null;
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
   * Forwards the calls not answered here as one batch and answers every call in the order asked, with HTTP 200 as for
   * any batch whose members fail one by one (how Alchemy answers a batch holding a refused call is not on record).
   */
  async function answerBatch(calls: RpcCall[], local: Array<object | undefined>, response: ServerResponse) {
    const passing = calls.filter((_, index) => !local[index]);
    const answered = new Map<string, unknown>();
    if (passing.length > 0) {
      const upstream = await postUpstream(JSON.stringify(passing));
      const answers: unknown = await upstream.json();
      if (!Array.isArray(answers)) return sendJson(response, upstream.status, answers);
      for (const answer of answers as RpcCall[]) answered.set(JSON.stringify(answer.id), answer);
    }
    const merged = calls.flatMap((call, index) => {
      const answer = local[index] ?? answered.get(JSON.stringify(call.id));
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
    largestBatch: () => largestBatch,
    resetCounts: () => {
      counts = {};
      largestBatch = 0;
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
