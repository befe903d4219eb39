import { createHash, createPublicKey, verify } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateKeyPair, signJWT } from "@walletconnect/relay-auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { RELAY_HOSTS, VERIFY_HOST } from "../network-border/border-hosts.ts";
import type { BorderClient } from "../network-border/border-request.ts";
import { borderRequest, dropRelaySockets, setRelayFault } from "../test/stand-in-controls.ts";
import { startNetworkBorder, type NetworkBorder } from "../network-border/border-server.ts";
import { loadTlsIdentity } from "../network-border/tls-identity.ts";
import { createRelayFaultSwitch, FAULT_SCOPE_COOKIE } from "./relay-faults.ts";
import { walletConnectStandIns } from "./relay-emulator.ts";
import { FOREIGN_PROJECT_ID, OWN_PROJECT_ID, THIRDWEB_DEFAULT_PROJECT_ID } from "./reown-dashboard.ts";

const RELAY = RELAY_HOSTS[0];

let dataDir: string;
let border: NetworkBorder;
let client: BorderClient;
let stopStandIns: () => Promise<void>;
/** How far a test moved the relay's clock ahead, or where it stopped it; each test that does puts it back. */
let relayClockAhead = 0;
let relayClockStopped: number | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "tube-relay-"));
  const tls = loadTlsIdentity(dataDir);
  const standIns = walletConnectStandIns(() => relayClockStopped ?? Date.now() + relayClockAhead);
  stopStandIns = standIns.stop;
  border = await startNetworkBorder({ port: 0, tls, sites: standIns.sites, upgrades: standIns.upgrades });
  client = { port: border.port, certificatePem: tls.certificatePem };
});

afterAll(async () => {
  await stopStandIns?.();
  await border?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

interface Peer {
  clientId: string;
  socket: WebSocket;
  /** Sends a request and resolves with its answer. */
  call(method: string, params: unknown): Promise<{ result?: unknown; error?: { code: number; message: string } }>;
  /** Resolves with the next `irn_subscription` pushed, acknowledging it unless told not to. */
  nextPush(options?: { acknowledge?: boolean }): Promise<{ id: string; data: Record<string, unknown> }>;
}

/** A relay client as the SDK is one: its own Ed25519 identity, signing its `auth` with `@walletconnect/relay-auth`. */
async function connect(
  keyPair = generateKeyPair(),
  { audience = `wss://${RELAY}`, projectId = THIRDWEB_DEFAULT_PROJECT_ID, origin = "http://localhost:3000" } = {},
): Promise<Peer & { keyPair: typeof keyPair }> {
  const auth = await signJWT("0".repeat(64), audience, 86_400, keyPair);
  const socket = await open(`/?auth=${auth}&projectId=${projectId}&useOnCloseEvent=true`, origin);
  const answers = new Map<unknown, (answer: never) => void>();
  const pushes: Array<{ id: number; params: { id: string; data: Record<string, unknown> } }> = [];
  const waiting: Array<() => void> = [];
  socket.on("message", (data) => {
    const payload = JSON.parse(String(data)) as { id: number; method?: string; params?: never };
    if (payload.method === "irn_subscription") {
      pushes.push({ id: payload.id, params: payload.params as never });
      waiting.shift()?.();
    } else answers.get(payload.id)?.(payload as never);
  });
  let nextId = 1;
  const { iss } = JSON.parse(Buffer.from(auth.split(".")[1] as string, "base64url").toString()) as { iss: string };
  return {
    keyPair,
    clientId: iss,
    socket,
    call: (method, params) =>
      new Promise((resolve) => {
        const id = nextId++;
        answers.set(id, resolve as never);
        socket.send(JSON.stringify({ id, jsonrpc: "2.0", method, params }));
      }),
    async nextPush({ acknowledge = true } = {}) {
      if (pushes.length === 0) await new Promise<void>((resolve) => waiting.push(resolve));
      const push = pushes.shift() as (typeof pushes)[number];
      if (acknowledge) socket.send(JSON.stringify({ id: push.id, jsonrpc: "2.0", result: true }));
      return push.params;
    },
  };
}

function open(path: string, origin?: string): Promise<WebSocket> {
  const socket = new WebSocket(`wss://${RELAY}:${client.port}${path}`, {
    ca: client.certificatePem,
    origin,
    // The relay's name, resolved to the border, as Chromium's host-resolver rules do for the page.
    lookup: (_host, _options, callback) => callback(null, [{ address: "127.0.0.1", family: 4 }] as never, 4),
  });
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

function closed(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => socket.once("close", (code, reason) => resolve({ code, reason: String(reason) })));
}

const topic = () => createHash("sha256").update(String(Math.random())).digest("hex");

describe("the relay", () => {
  it("when a message is published before anyone subscribes, then it waits in the mailbox for the subscriber, under the subscription id sha256(topic + clientId)", async () => {
    const [alice, bob] = await Promise.all([connect(), connect()]);
    const room = topic();
    expect((await alice.call("irn_publish", { topic: room, message: "hello", ttl: 300, tag: 1108 })).result).toBe(true);

    const { result: id } = await bob.call("irn_subscribe", { topic: room });
    expect(id).toBe(
      createHash("sha256")
        .update(room + bob.clientId)
        .digest("hex"),
    );
    const push = await bob.nextPush();
    expect(push).toMatchObject({ id, data: { topic: room, message: "hello", tag: 1108 } });
    alice.socket.close();
    bob.socket.close();
  });

  it("when a client reconnects with the same identity, then only what it never acknowledged comes again", async () => {
    const [alice, bob] = await Promise.all([connect(), connect()]);
    const room = topic();
    await bob.call("irn_subscribe", { topic: room });
    await alice.call("irn_publish", { topic: room, message: "first", ttl: 300 });
    expect((await bob.nextPush()).data.message).toBe("first");
    await alice.call("irn_publish", { topic: room, message: "second", ttl: 300 });
    expect((await bob.nextPush({ acknowledge: false })).data.message).toBe("second");
    bob.socket.close();

    const again = await connect(bob.keyPair);
    await again.call("irn_batchSubscribe", { topics: [room] });
    expect((await again.nextPush()).data.message).toBe("second");
    expect((await again.call("irn_batchFetchMessages", { topics: [room] })).result).toEqual({
      messages: [],
      hasMore: false,
    });
    alice.socket.close();
    again.socket.close();
  });

  it("when a dapp proposes and a wallet approves through the relay's own methods, then the relay subscribes each and tags the messages 1100, 1101 and 1102", async () => {
    const [dapp, wallet] = await Promise.all([connect(), connect()]);
    const [pairingTopic, sessionTopic] = [topic(), topic()];
    await dapp.call("wc_proposeSession", { pairingTopic, sessionProposal: "proposal", ttl: 300, attestation: "jwt" });
    await wallet.call("irn_subscribe", { topic: pairingTopic });
    expect((await wallet.nextPush()).data).toMatchObject({ message: "proposal", tag: 1100, attestation: "jwt" });

    await wallet.call("wc_approveSession", {
      pairingTopic,
      sessionTopic,
      sessionProposalResponse: "answer",
      sessionSettlementRequest: "settle",
      ttl: 300,
    });
    expect((await dapp.nextPush()).data).toMatchObject({ topic: pairingTopic, message: "answer", tag: 1101 });
    await dapp.call("irn_subscribe", { topic: sessionTopic });
    expect((await dapp.nextPush()).data).toMatchObject({ topic: sessionTopic, message: "settle", tag: 1102 });
    await dapp.call("irn_publish", { topic: sessionTopic, message: "request", ttl: 300, tag: 1108 });
    expect((await wallet.nextPush()).data).toMatchObject({ topic: sessionTopic, message: "request" });
    dapp.socket.close();
    wallet.socket.close();
  });

  it("when a session proposal's 5-minute TTL passes on the relay's clock before the wallet subscribes, then the mailbox no longer has it", async () => {
    const [dapp, wallet] = await Promise.all([connect(), connect()]);
    const [late, onTime] = [topic(), topic()];
    await dapp.call("wc_proposeSession", { pairingTopic: late, sessionProposal: "proposal", ttl: 300 });
    await dapp.call("wc_proposeSession", { pairingTopic: onTime, sessionProposal: "proposal", ttl: 600 });
    relayClockAhead = 301_000;
    try {
      expect((await wallet.call("irn_batchFetchMessages", { topics: [late, onTime] })).result).toMatchObject({
        messages: [{ topic: onTime, message: "proposal" }],
      });
    } finally {
      relayClockAhead = 0;
    }
    dapp.socket.close();
    wallet.socket.close();
  });

  it("when the auth JWT names another audience or is no JWT, then the relay closes with 3000 and says why, or answers 401 to a client that did not ask for a close frame", async () => {
    const foreign = await connect(generateKeyPair(), { audience: "wss://relay.example.com" });
    expect(await closed(foreign.socket)).toEqual({
      code: 3000,
      reason: "Authorization error: JWT validation error: Invalid audience",
    });
    await expect(open(`/?auth=not-a-jwt&projectId=${THIRDWEB_DEFAULT_PROJECT_ID}`)).rejects.toThrow(
      "Unexpected server response: 401",
    );
  });

  it("when the project id is missing or not on the dashboard, then the relay closes with 3000 and says why, or answers 401", async () => {
    const unknown = await connect(generateKeyPair(), { projectId: "0".repeat(32) });
    expect(await closed(unknown.socket)).toEqual({
      code: 3000,
      reason: "Authorization error: Unauthorized: invalid key",
    });
    const missing = await connect(generateKeyPair(), { projectId: "" });
    expect(await closed(missing.socket)).toEqual({ code: 3000, reason: "Authorization error: Project ID is missing" });
    await expect(open(`/?projectId=${"0".repeat(32)}`)).rejects.toThrow("Unexpected server response: 401");
  });

  it("when a page's origin is not on its project's allow-list, then the relay closes with 3000 or answers 403; localhost, a listed origin and any origin of a project without a list get in", async () => {
    const refused = await connect(generateKeyPair(), { projectId: FOREIGN_PROJECT_ID, origin: "https://tube.example" });
    expect(await closed(refused.socket)).toEqual({
      code: 3000,
      reason: "Authorization error: Unauthorized: origin not allowed",
    });
    await expect(open(`/?projectId=${FOREIGN_PROJECT_ID}`, "https://tube.example")).rejects.toThrow(
      "Unexpected server response: 403",
    );
    for (const [projectId, origin] of [
      [FOREIGN_PROJECT_ID, "http://localhost:5173"],
      [FOREIGN_PROJECT_ID, "https://rewards.example"],
      [THIRDWEB_DEFAULT_PROJECT_ID, "https://tube.example"],
    ] as const) {
      const peer = await connect(generateKeyPair(), { projectId, origin });
      expect((await peer.call("irn_subscribe", { topic: topic() })).result).toEqual(expect.any(String));
      peer.socket.close();
    }
  });

  it("when a request has a topic not of 32 hex bytes, a TTL out of bounds or an empty batch, then the relay refuses it as the real one answers", async () => {
    const peer = await connect();
    const refusal = async (method: string, params: unknown) => (await peer.call(method, params)).error;
    expect(await refusal("irn_subscribe", { topic: "room" })).toEqual({
      code: -32600,
      message: "Invalid payload: Topic decoding failed",
      data: "InvalidTopic",
    });
    expect(await refusal("irn_publish", { topic: topic(), message: "m", ttl: 1, tag: 0 })).toMatchObject({
      code: -32000,
      data: "TtlTooShort",
    });
    expect(await refusal("irn_publish", { topic: topic(), message: "m", ttl: 999_999_999, tag: 0 })).toMatchObject({
      data: "TtlTooLong",
    });
    for (const [method, params] of [
      ["irn_batchSubscribe", { topics: [] }],
      ["irn_batchPublish", { messages: [] }],
      ["irn_batchFetchMessages", { topics: [] }],
    ] as const)
      expect(await refusal(method, params)).toMatchObject({ code: -32600, data: "BatchEmpty" });
    peer.socket.close();
  });

  it("when a connection sends more requests than the relay's limit at one instant, then the relay closes it with 1013", async () => {
    const peer = await connect();
    relayClockStopped = Date.now();
    try {
      const closing = closed(peer.socket);
      const answered = Array.from({ length: 100 }, () => peer.call("irn_subscribe", { topic: topic() }));
      for (const answer of await Promise.all(answered)) expect(answer.result).toEqual(expect.any(String));
      void peer.call("irn_subscribe", { topic: topic() });
      expect(await closing).toEqual({ code: 1013, reason: "Too many requests" });
    } finally {
      relayClockStopped = undefined;
    }
  });

  it("when told to drop a topic's sockets, then only its subscribers' sockets close, and told to refuse, the next connection fails", async () => {
    const [inRoom, elsewhere] = await Promise.all([connect(), connect()]);
    const room = topic();
    await inRoom.call("irn_subscribe", { topic: room });
    const closing = closed(inRoom.socket);
    await dropRelaySockets(client, room);
    expect((await closing).code).toBe(1006);
    expect((await elsewhere.call("irn_subscribe", { topic: topic() })).result).toEqual(expect.any(String));
    elsewhere.socket.close();

    await setRelayFault(client, { mode: "refuse", count: 1 });
    await expect(connect()).rejects.toThrow();
    (await connect()).socket.close();
  });
});

describe("the fault switch", () => {
  it("when a fault has a scope, then only requests carrying that scope's cookie meet it, and an unscoped fault meets any", () => {
    const faults = createRelayFaultSwitch();
    const request = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as IncomingMessage;
    faults.set({ mode: "refuse", count: 1, scope: "mine" });
    expect(faults.take("refuse", request())).toBe(false);
    expect(faults.take("refuse", request(`${FAULT_SCOPE_COOKIE}=theirs`))).toBe(false);
    expect(faults.take("refuse", request(`a=b; ${FAULT_SCOPE_COOKIE}=mine`))).toBe(true);
    expect(faults.take("refuse", request(`${FAULT_SCOPE_COOKIE}=mine`))).toBe(false);

    faults.set({ mode: "verifyUnreachable", count: 1 });
    expect(faults.take("verifyUnreachable", request(`${FAULT_SCOPE_COOKIE}=mine`))).toBe(true);
    expect(faults.take("verifyUnreachable", request())).toBe(false);
  });
});

describe("Verify", () => {
  it("when the dapp's iframe loads for a project that verified the page's domain, then it posts an ES256 attestation saying so that the public key verifies", async () => {
    const page = await borderRequest(client, VERIFY_HOST, {
      path: `/v3/attestation?projectId=${OWN_PROJECT_ID}&origin=http://localhost:3000&id=abc&decryptedId=def`,
    });
    const [, message, target] = /postMessage\((".*?"), (".*?")\)/.exec(page.body) ?? [];
    expect(JSON.parse(target as string)).toBe("http://localhost:3000");
    const { type, attestation } = JSON.parse(JSON.parse(message as string) as string) as Record<string, string>;
    expect(type).toBe("verify_attestation");
    const [header, payload, signature] = (attestation as string).split(".") as [string, string, string];
    expect(JSON.parse(Buffer.from(payload, "base64url").toString())).toMatchObject({
      id: "abc",
      origin: "http://localhost:3000",
      isVerified: true,
      isScam: false,
    });

    const { publicKey } = JSON.parse((await borderRequest(client, VERIFY_HOST, { path: "/v3/public-key" })).body) as {
      publicKey: { x: string; y: string };
    };
    const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: publicKey.x, y: publicKey.y }, format: "jwk" });
    const data = Buffer.from(`${header}.${payload}`);
    expect(verify("sha256", data, { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"))).toBe(true);
  });

  it("when the project has not verified the page's domain, as thirdweb's default project has none of ours, then the attestation says not verified", async () => {
    for (const projectId of [THIRDWEB_DEFAULT_PROJECT_ID, FOREIGN_PROJECT_ID, "0".repeat(32)]) {
      const page = await borderRequest(client, VERIFY_HOST, {
        path: `/v3/attestation?projectId=${projectId}&origin=http://localhost:3000&id=abc&decryptedId=def`,
      });
      const [, message] = /postMessage\((".*?"), /.exec(page.body) ?? [];
      const { attestation } = JSON.parse(JSON.parse(message as string) as string) as { attestation: string };
      const payload = JSON.parse(Buffer.from(attestation.split(".")[1] as string, "base64url").toString()) as object;
      expect(payload).toMatchObject({ origin: "http://localhost:3000", isVerified: false });
    }
  });

  it("when Verify is made unreachable, then its next request fails at the connection", async () => {
    await setRelayFault(client, { mode: "verifyUnreachable", count: 1 });
    await expect(borderRequest(client, VERIFY_HOST, { path: "/v3/public-key" })).rejects.toThrow();
    expect((await borderRequest(client, VERIFY_HOST, { path: "/v3/public-key" })).status).toBe(200);
  });
});
