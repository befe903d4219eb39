/** A hosted RPC provider's entry plan in front of a local chain: its limits and lagging finality. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { text } from "node:stream/consumers";
import { listen } from "./stand-in.ts";
import { hex, post, type Block } from "./json-rpc.ts";

export interface RpcProxyOptions {
  upstreamUrl: string;
  /** The widest `eth_getLogs` answered, in blocks, both ends counted (Alchemy's free tier: 10). */
  getLogsMaxRange?: number;
  /** The most calls one batch may hold; a larger one is refused whole. */
  maxBatchCalls?: number;
  /** Calls answered per second, each member of a batch counted; past it, a 429. */
  callsPerSecond?: number;
  /** How far `safe` and `finalized` trail `latest`, in ms of block time. */
  finalityLagMs?: { safe: number; finalized: number };
  now?: () => number;
}

export type RpcProxy = Awaited<ReturnType<typeof startRpcProxy>>;

type RpcCall = { id?: unknown; method?: unknown; params?: unknown };

const UPSTREAM_TIMEOUT_MS = 30_000;

/** Alchemy's answer past the per-second capacity (HTTP 429 for a single call). */
const RATE_LIMITED = {
  code: 429,
  message:
    "Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely " +
    "ignore this message. If not, check out https://docs.alchemy.com/reference/throughput",
};

/** A go-ethereum node's answer to a batch over its limit. */
const BATCH_TOO_LARGE = { code: -32600, message: "batch too large" };

export async function startRpcProxy(options: RpcProxyOptions) {
  const now = options.now ?? Date.now;
  let counts: Record<string, number> = {};
  let largestBatch = 0;
  let unreachable = false;
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  let answeredAt: number[] = [];
  const withinRate = () => {
    if (options.callsPerSecond === undefined) return true;
    const at = now();
    answeredAt = answeredAt.filter((earlier) => earlier > at - 1_000);
    if (answeredAt.length >= options.callsPerSecond) return false;
    answeredAt.push(at);
    return true;
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
      response.end(`the chain at ${options.upstreamUrl} did not answer: ${String(error)}`);
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const body = await text(request);
    count("http");
    const parsed = parseJson(body);
    const calls: RpcCall[] = Array.isArray(parsed) ? parsed : isObject(parsed) ? [parsed] : [];
    for (const call of calls) count(typeof call.method === "string" ? call.method : "(no method)");
    largestBatch = Math.max(largestBatch, calls.length);

    if (unreachable) return void request.socket.destroy();
    if (request.method !== "POST")
      return void response.writeHead(405, { allow: "POST", "content-type": "text/plain" }).end("JSON-RPC takes POST");
    if (Array.isArray(parsed) && options.maxBatchCalls !== undefined && calls.length > options.maxBatchCalls)
      return sendJson(response, 200, [answer(calls[0]!, { error: BATCH_TOO_LARGE })]);
    const rateLimited = calls.map((call) => (withinRate() ? undefined : answer(call, { error: RATE_LIMITED })));
    if (!Array.isArray(parsed) && rateLimited[0]) return sendJson(response, 429, rateLimited[0]);
    const wide = options.getLogsMaxRange === undefined ? [] : await refuseWideLogQueries(calls);
    const lagged = options.finalityLagMs === undefined ? [] : await laggedFinalBlocks(calls);
    const local = calls.map((_, index) => rateLimited[index] ?? wide[index] ?? lagged[index]);
    if (!local.some(Boolean)) return forward(body, response);
    // A refused single request is an HTTP 400; a block answered here a plain answer.
    if (!Array.isArray(parsed)) return sendJson(response, wide[0] ? 400 : 200, local[0]);
    await answerBatch(calls, local, response);
  }

  /** For `safe` and `finalized`: the newest block at least the lag old. */
  async function laggedFinalBlocks(calls: RpcCall[]) {
    const lag = options.finalityLagMs as { safe: number; finalized: number };
    return Promise.all(
      calls.map(async (call) => {
        const [tag, full]: unknown[] = Array.isArray(call.params) ? call.params : [];
        if (call.method !== "eth_getBlockByNumber" || (tag !== "safe" && tag !== "finalized")) return undefined;
        const before = Math.floor((now() - lag[tag]) / 1000);
        return answer(call, { result: await newestBlockAtOrBefore(before, full === true) });
      }),
    );
  }

  /** Bisects for the newest block stamped by `timestamp`; a missing number counts as old. */
  async function newestBlockAtOrBefore(timestamp: number, full: boolean) {
    const block = (number: bigint | "latest") =>
      upstream("eth_getBlockByNumber", [number === "latest" ? number : hex(number), full]) as Promise<Block | null>;
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

  async function upstream(method: string, params: unknown[]) {
    const { body } = await post(
      options.upstreamUrl,
      { jsonrpc: "2.0", id: 1, method, params },
      { timeoutMs: UPSTREAM_TIMEOUT_MS },
    );
    return (body as { result?: unknown }).result ?? null;
  }

  /** Each call's refusal, or undefined. */
  async function refuseWideLogQueries(calls: RpcCall[]) {
    const cap = BigInt(options.getLogsMaxRange as number);
    const filters = calls.map((call) => {
      const filter = call.method === "eth_getLogs" && Array.isArray(call.params) ? call.params[0] : undefined;
      return isObject(filter) ? filter : undefined;
    });
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
      return answer(calls[index]!, { error: overRangeError(cap, from) });
    });
  }

  /** The block numbers of the tags filters name, asked upstream uncounted. */
  async function resolveTags(tags: string[]) {
    const heads = new Map<string, bigint>([["earliest", 0n]]);
    for (const tag of tags.filter((tag) => tag !== "earliest")) {
      const head = ["latest", "pending"].includes(tag)
        ? await upstream("eth_blockNumber", [])
        : ((await upstream("eth_getBlockByNumber", [tag, false])) as { number: string } | null)?.number;
      if (typeof head === "string") heads.set(tag, BigInt(head));
    }
    return heads;
  }

  /** Calls not answered here go on as one batch; all answered in order. */
  async function answerBatch(calls: RpcCall[], local: Array<object | undefined>, response: ServerResponse) {
    const passing = calls.filter((_, index) => !local[index]);
    const answered = new Map<string, unknown>();
    if (passing.length > 0) {
      const { status, body: answers } = await post(options.upstreamUrl, passing, { timeoutMs: UPSTREAM_TIMEOUT_MS });
      if (!Array.isArray(answers)) return sendJson(response, status, answers);
      for (const answer of answers as RpcCall[]) answered.set(JSON.stringify(answer.id), answer);
    }
    const merged = calls.flatMap((call, index) => {
      const answer = local[index] ?? answered.get(JSON.stringify(call.id));
      return answer === undefined ? [] : [answer];
    });
    sendJson(response, 200, merged);
  }

  async function forward(body: string, response: ServerResponse) {
    const upstream = await fetch(options.upstreamUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
    response.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" });
    response.end(Buffer.from(await upstream.arrayBuffer()));
  }

  const listening = await listen(server);
  return {
    url: listening.url,
    /** Calls per method and `http` requests since the last reset, refused ones too. */
    counts: () => ({ ...counts }),
    /** The most calls one HTTP request held since the last reset. */
    largestBatch: () => largestBatch,
    resetCounts: () => {
      counts = {};
      largestBatch = 0;
    },
    /** While set, every request is read and its connection closed unanswered. */
    setUnreachable: (value: boolean) => {
      unreachable = value;
    },
    stop: listening.stop,
  };
}

/** Alchemy's free-tier answer to a wider `eth_getLogs`. */
function overRangeError(cap: bigint, from: bigint): { code: number; message: string } {
  const suggested = `[${hex(from)}, ${hex(from + cap - 1n)}]`;
  return {
    code: -32600,
    message:
      `Under the Free tier plan, you can make eth_getLogs requests with up to a ${cap} block range. ` +
      `Based on your parameters, this block range should work: ${suggested}. Upgrade to PAYG for expanded block range.`,
  };
}

/** An absent block parameter means `latest`. */
function tagOf(block: unknown) {
  if (block === undefined) return "latest";
  return typeof block === "string" && !block.startsWith("0x") ? block : undefined;
}

function blockOf(block: unknown, heads: Map<string, bigint>) {
  const tag = tagOf(block);
  if (tag !== undefined) return heads.get(tag);
  return typeof block === "string" && /^0x[0-9a-f]+$/i.test(block) ? BigInt(block) : undefined;
}

const answer = (call: RpcCall, body: object) => ({ jsonrpc: "2.0", id: call.id ?? null, ...body });

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

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
