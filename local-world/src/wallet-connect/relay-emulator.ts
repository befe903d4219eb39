import { hash } from "node:crypto";
import { WebSocketServer, type WebSocket } from "ws";
import { z } from "zod";
import { RELAY_HOSTS, VERIFY_HOST } from "../network-border/border-hosts.ts";
import type { UpgradeListener } from "../network-border/border-server.ts";
import { CONTROL_PATH, anyJson, endWithStatus, faultSwitchRoute, notFound, standInApp } from "../stand-in.ts";
import { checkRelayAuth } from "./relay-auth.ts";
import { isKnownProject, originAllowed } from "./reown-dashboard.ts";
import { createRelayFaultSwitch, relayFaultSchema, type RelayFaultSwitch } from "./relay-faults.ts";
import { verifyEmulator } from "./verify-emulator.ts";

/** The relay and Verify stand-ins, sharing one fault switch; `now` is the relay's clock. */
export function walletConnectStandIns(now?: () => number) {
  const faults = createRelayFaultSwitch();
  const relay = walletConnectRelay(faults, now);
  return {
    sites: {
      ...Object.fromEntries(RELAY_HOSTS.map((host) => [host, relay.app])),
      [VERIFY_HOST]: verifyEmulator(faults),
    },
    upgrades: Object.fromEntries(RELAY_HOSTS.map((host) => [host, relay.upgrade])),
    stop: relay.stop,
  };
}

/** sign-client's tags for the proposal, its answer and the settlement. */
const TAG = { propose: 1100, proposeResponse: 1101, settle: 1102 };

interface Message {
  topic: string;
  message: string;
  publishedAt: number;
  expiresAt: number;
  tag: number;
  attestation?: string;
  /** Client ids that acked (or published) it: delivery is per client, not per socket. */
  delivered: Set<string>;
}

interface Client {
  id: string;
  socket: WebSocket;
  /** Push ids waiting for the client's `true`, and their messages. */
  unacknowledged: Map<number, Message>;
  /** Requests left as of `at`, refilled at `RATE_LIMIT.perSecond`. */
  tokens: number;
  at: number;
}

/** The relay closes a client over its unpublished limit with 1013; this one is far above the SDK's bursts. */
const RATE_LIMIT = { burst: 100, perSecond: 100 };

/** A message waits until its TTL, also for a later subscriber; delivery is per client id (the `auth` JWT's `iss`), so
 * a client that reconnects gets again only what it never acked. */
function walletConnectRelay(faults: RelayFaultSwitch, now: () => number = Date.now) {
  const server = new WebSocketServer({ noServer: true });
  const clients = new Set<Client>();
  const subscribers = new Map<string, Set<string>>();
  const mailbox = new Map<string, Message[]>();
  let nextPushId = now() * 1000;

  const live = (topic: string) => {
    const kept = (mailbox.get(topic) ?? []).filter((message) => message.expiresAt > now());
    if (kept.length > 0) mailbox.set(topic, kept);
    else mailbox.delete(topic);
    return kept;
  };

  const push = (client: Client, message: Message) => {
    if ([...client.unacknowledged.values()].includes(message)) return;
    const id = nextPushId++;
    client.unacknowledged.set(id, message);
    const params = { id: subscriptionId(message.topic, client.id), data: { ...wire(message), tag: message.tag } };
    send(client, { id, jsonrpc: "2.0", method: "irn_subscription", params });
  };

  const subscribe = (client: Client, topic: string) => {
    const ids = subscribers.get(topic) ?? new Set<string>();
    ids.add(client.id);
    subscribers.set(topic, ids);
    for (const message of live(topic)) if (!message.delivered.has(client.id)) push(client, message);
    return subscriptionId(topic, client.id);
  };

  const publish = (from: Client, params: z.output<typeof publishParams>) => {
    const publishedAt = now();
    const message: Message = {
      topic: params.topic,
      message: params.message,
      publishedAt,
      expiresAt: publishedAt + params.ttl * 1000,
      tag: params.tag ?? 0,
      ...(params.attestation ? { attestation: params.attestation } : {}),
      delivered: new Set([from.id]),
    };
    mailbox.set(params.topic, [...live(params.topic), message]);
    const ids = subscribers.get(params.topic) ?? new Set();
    for (const client of clients) if (ids.has(client.id) && client.id !== from.id) push(client, message);
  };

  const methods: Record<string, (client: Client, params: unknown) => unknown> = {
    irn_subscribe: (client, params) => subscribe(client, topicParams.parse(params).topic),
    irn_batchSubscribe: (client, params) => topicsParams.parse(params).topics.map((topic) => subscribe(client, topic)),
    irn_unsubscribe: (client, params) => {
      subscribers.get(topicParams.parse(params).topic)?.delete(client.id);
      return true;
    },
    irn_batchUnsubscribe: (client, params) => {
      for (const { topic } of z.object({ subscriptions: batch(topicParams) }).parse(params).subscriptions)
        subscribers.get(topic)?.delete(client.id);
      return true;
    },
    irn_publish: (client, params) => {
      publish(client, publishParams.parse(params));
      return true;
    },
    irn_batchPublish: (client, params) => {
      for (const message of z.object({ messages: batch(publishParams) }).parse(params).messages)
        publish(client, message);
      return true;
    },
    // A returning client gets all it has not acked, now counted as delivered.
    irn_batchFetchMessages: (client, params) => {
      const messages = topicsParams
        .parse(params)
        .topics.flatMap((topic) => live(topic).filter((message) => !message.delivered.has(client.id)));
      for (const message of messages) message.delivered.add(client.id);
      return { messages: messages.map(wire), hasMore: false };
    },
    // The dapp pairs with `skipSubscribe`: publishing the proposal subscribes it to the pairing topic.
    wc_proposeSession: (client, params) => {
      const { pairingTopic, sessionProposal, ttl, attestation } = proposeParams.parse(params);
      subscribe(client, pairingTopic);
      publish(client, { topic: pairingTopic, message: sessionProposal, ttl, tag: TAG.propose, attestation });
      return true;
    },
    // The wallet's `approve` skips subscribing too: the answer goes to the pairing topic, the settlement to the session
    wc_approveSession: (client, params) => {
      const { sessionTopic, pairingTopic, sessionProposalResponse, sessionSettlementRequest, ttl } =
        approveParams.parse(params);
      subscribe(client, sessionTopic);
      publish(client, { topic: pairingTopic, message: sessionProposalResponse, ttl, tag: TAG.proposeResponse });
      publish(client, { topic: sessionTopic, message: sessionSettlementRequest, ttl, tag: TAG.settle });
      return true;
    },
  };

  const onPayload = (client: Client, text: string) => {
    let payload: { id?: number | string; method?: string; params?: unknown; result?: unknown };
    try {
      payload = JSON.parse(text) as typeof payload;
    } catch {
      return send(client, rpcError(null, -32700, "Parse error"));
    }
    if (payload.method === undefined) {
      // A client's answer to a push: `true` acknowledges it.
      const message = client.unacknowledged.get(Number(payload.id));
      client.unacknowledged.delete(Number(payload.id));
      if (message && payload.result === true) message.delivered.add(client.id);
      return;
    }
    client.tokens = Math.min(RATE_LIMIT.burst, client.tokens + ((now() - client.at) / 1000) * RATE_LIMIT.perSecond);
    client.at = now();
    if (client.tokens < 1) return client.socket.close(1013, "Too many requests");
    client.tokens -= 1;
    const id = payload.id ?? null;
    const method = methods[payload.method];
    if (!method) return send(client, rpcError(id, -32601, "Method not found"));
    try {
      send(client, { id, jsonrpc: "2.0", result: method(client, payload.params ?? {}) });
    } catch (error) {
      const tag = error instanceof z.ZodError ? error.issues[0]?.message : undefined;
      const data = tag !== undefined && tag in REFUSALS ? (tag as keyof typeof REFUSALS) : "InvalidParams";
      send(client, { id, jsonrpc: "2.0", error: { ...REFUSALS[data], data } });
    }
  };

  const app = standInApp();
  app.use(faultSwitchRoute(relayFaultSchema, faults.set));
  app.post(`${CONTROL_PATH}/drop`, anyJson, (req, res) => {
    const { topic } = (req.body ?? {}) as { topic?: unknown };
    if (topic !== undefined && typeof topic !== "string") return res.status(400).json({ message: "topic is a string" });
    drop(topic);
    res.json({ dropped: true });
  });
  app.use(notFound);

  // Closes the sockets subscribed to `topic` (or all), as a relay restart would; they reconnect.
  const drop = (topic?: string) => {
    for (const client of clients)
      if (topic === undefined || subscribers.get(topic)?.has(client.id)) client.socket.terminate();
  };

  return {
    app,
    upgrade: ((req, socket, head) => {
      if (faults.take("refuse", req)) return void socket.destroy();
      const query = new URL(req.url ?? "/", "wss://relay.walletconnect.org").searchParams;
      const projectId = query.get("projectId") ?? "";
      const auth = checkRelayAuth(query.get("auth") ?? "", RELAY_HOSTS, now());
      // As the relay: 401 for no or an unknown project and a bad JWT, 403 for a known project from elsewhere.
      const refusal = !projectId
        ? { status: "401 Unauthorized", reason: "Project ID is missing" }
        : !isKnownProject(projectId)
          ? { status: "401 Unauthorized", reason: "Unauthorized: invalid key" }
          : !originAllowed(projectId, req.headers.origin)
            ? { status: "403 Forbidden", reason: "Unauthorized: origin not allowed" }
            : "error" in auth
              ? { status: "401 Unauthorized", reason: `JWT validation error: ${auth.error}` }
              : undefined;
      // A client asking `useOnCloseEvent` (the SDK always does) is told why in close code 3000; others get the status.
      if (refusal && query.get("useOnCloseEvent") !== "true") return endWithStatus(socket, refusal.status);
      server.handleUpgrade(req, socket, head, (ws) => {
        if (refusal || "error" in auth) return ws.close(3000, `Authorization error: ${refusal?.reason}`);
        const client: Client = { id: auth.clientId, socket: ws, unacknowledged: new Map(), tokens: 0, at: 0 };
        clients.add(client);
        ws.on("message", (data) => onPayload(client, String(data)));
        ws.on("close", () => clients.delete(client));
      });
    }) satisfies UpgradeListener,
    async stop() {
      drop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const send = (client: Client, payload: unknown) => client.socket.send(JSON.stringify(payload));

const subscriptionId = (topic: string, clientId: string) => hash("sha256", topic + clientId);

function wire({ topic, message, publishedAt, attestation }: Message) {
  return { topic, message, publishedAt, ...(attestation ? { attestation } : {}) };
}

function rpcError(id: number | string | null, code: number, message: string) {
  return { id, jsonrpc: "2.0", error: { code, message } };
}

/** The relay's refusals (WalletConnectRust `relay_rpc/src/rpc.rs`, `rpc/error.rs`): a topic is 32 bytes of hex, a batch
 * 1 to 500 items; unpublished TTL bounds: the SDK's shortest (a pairing ping's 30 s) and a pairing's life (30 days). */
const REFUSALS = {
  InvalidParams: { code: -32600, message: "Invalid payload: Invalid request parameters" },
  InvalidTopic: { code: -32600, message: "Invalid payload: Topic decoding failed" },
  BatchEmpty: { code: -32600, message: "Invalid payload: The batch contains no items" },
  BatchLimitExceeded: { code: -32600, message: "Invalid payload: The batch contains too many items" },
  TtlTooShort: { code: -32000, message: "Request handler error: TTL too short" },
  TtlTooLong: { code: -32000, message: "Request handler error: TTL too long" },
};
const TTL_SECONDS = { min: 30, max: 30 * 86_400 };
const BATCH_LIMIT = 500;

const text = z.string().min(1);
const hexTopic = z.string().regex(/^[0-9a-f]{64}$/i, "InvalidTopic");
const ttl = z.number().int().min(TTL_SECONDS.min, "TtlTooShort").max(TTL_SECONDS.max, "TtlTooLong");
const batch = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, "BatchEmpty").max(BATCH_LIMIT, "BatchLimitExceeded");
// A tag or attestation of another type is ignored, not refused.
const ignoredUnless = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const topicParams = z.object({ topic: hexTopic });
const topicsParams = z.object({ topics: batch(hexTopic) });
const publishParams = z.object({
  topic: hexTopic,
  message: text,
  ttl,
  tag: ignoredUnless(z.number()),
  attestation: ignoredUnless(z.string()),
});
const proposeParams = z.object({
  pairingTopic: hexTopic,
  sessionProposal: text,
  ttl,
  attestation: ignoredUnless(z.string()),
});
const approveParams = z.object({
  sessionTopic: hexTopic,
  pairingTopic: hexTopic,
  sessionProposalResponse: text,
  sessionSettlementRequest: text,
  ttl,
});
