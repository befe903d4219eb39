/**
 * Property: every malformed request to every API endpoint gets a 4xx with a catalogue code (never a 5xx),
 * and leaves the store as it was. fast-check generates the requests; each endpoint gets RUNS of them. Paths whose
 * %-escapes do not decode, compressed bodies that do not inflate and credentials no HTTP header can carry get
 * fewer each, and their log is read too: no submitted credential and no error line.
 */
import { randomUUID } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { Writable } from "node:stream";
import { brotliCompressSync, brotliDecompressSync, deflateSync, gunzipSync, gzipSync, inflateSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import * as schemas from "@tube/common/api";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { ERROR_CATALOGUE } from "@tube/common/errors";
import { LOCAL_CHANNEL_ID } from "@tube/local-world/google-emulator/seed-accounts";
import { randomWallet } from "@tube/local-world/mint-log";
import { startInProcessApp, type InProcessApp } from "../test/in-process-app.ts";

const RUNS = 1000;
/** For the classes whose log is read as well. */
const LOGGED_RUNS = 100;
let app: InProcessApp;
const logLines: string[] = [];

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  app = await startInProcessApp({ logDestination: capture });
  // A few claims, so lookups by wallet and id have something to find (and to leave alone).
  for (let i = 0; i < 3; i++) {
    await app.store.claims.reserve({
      id: randomUUID(),
      walletAddress: randomWallet(),
      googleSub: `sub-${i}`,
      amountWei: REWARD_AMOUNT_WEI,
      lease: { owner: "seed", until: 0 },
    });
  }
});
afterAll(async () => {
  await app?.stop();
});

/** Every row of every table, as text: equal before and after means nothing was written. */
function storeSnapshot(): string {
  const db = new DatabaseSync(app.dbFile, { readOnly: true });
  try {
    return JSON.stringify([
      db.prepare("SELECT * FROM claims ORDER BY id").all(),
      db.prepare("SELECT * FROM claim_budget").all(),
    ]);
  } finally {
    db.close();
  }
}

interface RawRequest {
  method: "GET" | "POST";
  path: string;
  contentType?: string;
  contentEncoding?: string;
  body?: string | Uint8Array;
}

async function send(request: RawRequest) {
  const response = await fetch(`${app.url}${request.path}`, {
    method: request.method,
    headers: {
      ...(request.contentType ? { "content-type": request.contentType } : {}),
      ...(request.contentEncoding ? { "content-encoding": request.contentEncoding } : {}),
    },
    body: request.body,
  });
  const text = await response.text();
  return { status: response.status, text };
}

/** The answer is a 4xx whose code is in the catalogue, with the catalogue's status; returns the code. */
function expectCatalogued4xx(request: RawRequest, answer: { status: number; text: string }): string {
  const body = typeof request.body === "string" ? request.body : `${request.body?.length ?? 0} bytes`;
  const headers = `${request.contentType ?? ""} ${request.contentEncoding ?? ""}`;
  const context = `${request.method} ${request.path} ${headers} ${body}`.slice(0, 500);
  expect(answer.status, context).toBeGreaterThanOrEqual(400);
  expect(answer.status, context).toBeLessThan(500);
  const code = (JSON.parse(answer.text) as { error: { code: keyof typeof ERROR_CATALOGUE } }).error.code;
  expect(ERROR_CATALOGUE[code]?.status, `${context} -> ${code}`).toBe(answer.status);
  return code;
}

/**
 * The log lines of the requests `send` sends: the log is read once a request sent after them has been logged too
 * (a request's line is written when its response has finished, which may be after the client has read it).
 */
async function logOf(requests: () => Promise<void>): Promise<string[]> {
  const from = logLines.length;
  await requests();
  const last = `/api/end-of-batch-${randomUUID()}`;
  await fetch(`${app.url}${last}`);
  await expect.poll(() => logLines.slice(from).some((line) => line.includes(`"path":"${last}"`))).toBe(true);
  return logLines.slice(from);
}

/** No line at error level or above (a 5xx writes its stack there), and none quoting a piece of a credential. */
function expectCleanLog(lines: string[], secrets: string[] = []): void {
  expect(lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)).toEqual([]);
  const log = lines.join("\n");
  // The log is JSON: a piece holding a quote or a backslash is written escaped.
  for (const secret of secrets) expect(log).not.toContain(JSON.stringify(secret).slice(1, -1));
}

function failsSchema(schema: z.ZodType, value: unknown): boolean {
  return !schema.safeParse(value).success;
}

/** Malformed JSON bodies for a schema: random JSON, mutations of a valid body, broken text, wrong types of body. */
function malformedBody(
  schema: z.ZodType,
  valid: Record<string, unknown>,
): fc.Arbitrary<{ contentType?: string; body?: string }> {
  const keys = Object.keys(valid);
  const json = "application/json";
  const mutated = fc
    .record({
      key: fc.constantFrom(...keys, "extra", "__proto__", "constructor"),
      action: fc.constantFrom("delete", "replace", "add"),
      value: fc.jsonValue(),
    })
    .map(({ key, action, value }) => {
      const copy: Record<string, unknown> = { ...valid };
      if (action === "delete") delete copy[key];
      else Object.defineProperty(copy, action === "add" ? `${key}_${keys.length}` : key, { value, enumerable: true });
      return copy;
    });
  const objects = fc.oneof(mutated, fc.jsonValue(), fc.dictionary(fc.constantFrom(...keys, "x"), fc.jsonValue()));
  return fc.oneof(
    objects
      .filter((value) => failsSchema(schema, value))
      .map((value) => ({ contentType: json, body: JSON.stringify(value) })),
    fc
      .string({ maxLength: 200 })
      .filter((text) => {
        try {
          return failsSchema(schema, JSON.parse(text));
        } catch {
          return true;
        }
      })
      .map((body) => ({ contentType: json, body })),
    fc.record({
      contentType: fc.constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "application/json; charset=latin1",
        "multipart/form-data",
      ),
      body: fc.constant(JSON.stringify(valid)),
    }),
    fc.constant({ contentType: json, body: JSON.stringify({ ...valid, padding: "x".repeat(20_000) }) }),
    fc.constant({}),
  );
}

/** Path segments the route's schema refuses: random text and near misses. */
function malformedSegment(schema: z.ZodType, name: string, nearMiss: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .oneof(fc.string({ maxLength: 80 }), fc.string({ unit: "grapheme", maxLength: 80 }), nearMiss)
    .filter((value) => failsSchema(schema, { [name]: value }));
}

const hex = (length: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: length, maxLength: length });
const nearMissWallet = fc.oneof(
  fc.nat({ max: 45 }).chain((length) => hex(length).map((digits) => `0x${digits}`)),
  hex(40).map((digits) => `0X${digits}`),
  hex(39).map((digits) => `0x${digits}g`),
);
const nearMissUuid = fc.uuid().map((uuid) => uuid.slice(0, -1) + "z");

const token = "ya29.a-made-up-token";
const wallet = "0x" + "ab".repeat(20);
const bodies: Array<[string, z.ZodType, Record<string, unknown>]> = [
  [
    "/api/auth/google",
    schemas.googleAuthRequestSchema,
    { code: "4/0Ab-code", codeVerifier: "v".repeat(43), redirectUri: "http://localhost:5173/auth/google/callback" },
  ],
  ["/api/auth/revoke", schemas.revokeRequestSchema, { accessToken: token }],
  [
    "/api/verify-subscription",
    schemas.verifySubscriptionRequestSchema,
    { accessToken: token, channelId: LOCAL_CHANNEL_ID, youtubeUsername: "@viewer" },
  ],
  [
    "/api/verify-and-mint",
    schemas.verifyAndMintRequestSchema,
    { walletAddress: wallet, googleEmail: "viewer@example.com", oauthAccessToken: token },
  ],
  ["/api/record-claim", schemas.recordClaimRequestSchema, { walletAddress: wallet, txHash: "0x" + "cd".repeat(32) }],
];
const params: Array<[string, fc.Arbitrary<string>]> = [
  ["/api/check-claim/", malformedSegment(schemas.walletParamSchema, "walletAddress", nearMissWallet)],
  ["/api/claims/", malformedSegment(schemas.claimIdParamSchema, "claimId", nearMissUuid)],
];

/** Text that decodeURIComponent refuses: a % without two hex digits after it, or bytes that are not UTF-8. */
const undecodableEscape = fc.oneof(
  fc
    .tuple(fc.constantFrom("", ..."0123456789abcdefABCDEF"), fc.constantFrom("", ..."GgZz%-_~!"))
    .map(([digit, rest]) => `%${digit}${rest}`),
  fc.constantFrom("%80", "%BF", "%C0%AF", "%C3%28", "%E0%A4", "%ED%A0%80", "%F0%9F%98", "%FE", "%FF"),
);
const pathText = fc.string({ unit: fc.constantFrom(..."abcXYZ019-_~"), maxLength: 12 });
const undecodablePath = fc
  .record({
    prefix: fc.constantFrom("/api/claims/", "/api/check-claim/", "/api/", "/api/auth/", "/"),
    before: pathText,
    escape: undecodableEscape,
    after: pathText,
  })
  .map(({ prefix, before, escape, after }) => `${prefix}${before}${escape}${after}`)
  .filter((path) => {
    try {
      decodeURIComponent(path);
      return false;
    } catch {
      return true;
    }
  });

const codecs = {
  gzip: { compress: gzipSync, decompress: gunzipSync },
  deflate: { compress: deflateSync, decompress: inflateSync },
  br: { compress: brotliCompressSync, decompress: brotliDecompressSync },
};
type Encoding = keyof typeof codecs;

function inflates(encoding: Encoding, body: Uint8Array): boolean {
  try {
    codecs[encoding].decompress(body);
    return true;
  } catch {
    return false;
  }
}

/** Bodies labelled gzip, deflate or br that do not inflate: random bytes, a valid body cut short or with a byte changed. */
function corruptCompressedBody(valid: string): fc.Arbitrary<{ encoding: Encoding; body: Uint8Array }> {
  return fc
    .constantFrom<Encoding>("gzip", "deflate", "br")
    .chain((encoding) => {
      const compressed = codecs[encoding].compress(valid);
      return fc
        .oneof(
          fc.uint8Array({ minLength: 1, maxLength: 200 }),
          fc.nat({ max: compressed.length - 1 }).map((end) => compressed.subarray(0, end)),
          fc
            .record({ at: fc.nat({ max: compressed.length - 1 }), flip: fc.integer({ min: 1, max: 255 }) })
            .map(({ at, flip }) => compressed.map((byte, index) => (index === at ? byte ^ flip : byte))),
        )
        .map((body) => ({ encoding, body }));
    })
    .filter(({ encoding, body }) => !inflates(encoding, body));
}

const visibleAscii = (minLength: number) =>
  fc.string({
    unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
    minLength,
    maxLength: 40,
  });
/** What no HTTP header value may hold: CR, LF, NUL, a character past Latin-1. */
const headerBreaker = fc.oneof(
  fc.constantFrom("\r", "\n", "\r\n", "\0"),
  fc
    .integer({ min: 0x100, max: 0xffff })
    .filter((code) => code < 0xd800 || code > 0xdfff)
    .map((code) => String.fromCharCode(code)),
);
/** A credential with a header breaker in it, between two pieces that are each long enough to be searched for alone. */
const unsendableCredential = fc.record({ head: visibleAscii(24), breaker: headerBreaker, tail: visibleAscii(24) });

const credentialFields = bodies.flatMap(([path, , valid]) =>
  Object.keys(valid)
    .filter((field) => /token|code/i.test(field))
    .map((field) => [`${path} ${field}`, path, valid, field] as const),
);

describe(`malformed requests (${RUNS} generated per endpoint)`, () => {
  it.each(bodies)(
    `when ${RUNS} malformed bodies are POSTed to %s, then each gets a catalogued 4xx and the store is unchanged`,
    async (path, schema, valid) => {
      const before = storeSnapshot();
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(malformedBody(schema, valid), async ({ contentType, body }) => {
          const request: RawRequest = {
            method: "POST",
            path,
            ...(contentType ? { contentType } : {}),
            ...(body !== undefined ? { body } : {}),
          };
          expectCatalogued4xx(request, await send(request));
          sent += 1;
        }),
        { numRuns: RUNS },
      );
      expect(storeSnapshot()).toBe(before);
      console.log(`POST ${path}: ${sent} malformed requests, every one a catalogued 4xx, store unchanged`);
      expect(sent).toBeGreaterThanOrEqual(RUNS);
    },
    300_000,
  );

  it.each(params)(
    `when ${RUNS} malformed path values are sent to GET %s…, then each gets a catalogued 4xx and the store is unchanged`,
    async (prefix, segment) => {
      const before = storeSnapshot();
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(segment, async (value) => {
          const request: RawRequest = { method: "GET", path: `${prefix}${encodeURIComponent(value)}` };
          expectCatalogued4xx(request, await send(request));
          sent += 1;
        }),
        { numRuns: RUNS },
      );
      expect(storeSnapshot()).toBe(before);
      console.log(`GET ${prefix}:param: ${sent} malformed requests, every one a catalogued 4xx, store unchanged`);
      expect(sent).toBeGreaterThanOrEqual(RUNS);
    },
    300_000,
  );

  it(`when ${LOGGED_RUNS * 3} paths whose %-escapes do not decode are requested, then each gets a catalogued 4xx and no error is logged`, async () => {
    let sent = 0;
    const lines = await logOf(() =>
      fc.assert(
        fc.asyncProperty(undecodablePath, async (path) => {
          const request: RawRequest = { method: "GET", path };
          expectCatalogued4xx(request, await send(request));
          sent += 1;
        }),
        { numRuns: LOGGED_RUNS * 3 },
      ),
    );
    expectCleanLog(lines);
    expect(sent).toBeGreaterThanOrEqual(LOGGED_RUNS * 3);
  });

  it.each(bodies.map(([path, , valid]) => [path, JSON.stringify(valid)] as const))(
    `when ${LOGGED_RUNS} compressed bodies that do not inflate are POSTed to %s, then each gets a catalogued 4xx, the store is unchanged and no error is logged`,
    async (path, valid) => {
      const before = storeSnapshot();
      let sent = 0;
      const lines = await logOf(() =>
        fc.assert(
          fc.asyncProperty(corruptCompressedBody(valid), async ({ encoding, body }) => {
            const request: RawRequest = {
              method: "POST",
              path,
              contentType: "application/json",
              contentEncoding: encoding,
              body,
            };
            expectCatalogued4xx(request, await send(request));
            sent += 1;
          }),
          { numRuns: LOGGED_RUNS },
        ),
      );
      expect(storeSnapshot()).toBe(before);
      expectCleanLog(lines);
      expect(sent).toBeGreaterThanOrEqual(LOGGED_RUNS);
    },
  );

  it.each(credentialFields)(
    `when ${LOGGED_RUNS} credentials holding CR, LF, NUL or a character past Latin-1 are sent as %s, then each is VALIDATION_FAILED and no piece of one is logged`,
    async (_name, path, valid, field) => {
      const before = storeSnapshot();
      const secrets: string[] = [];
      const lines = await logOf(() =>
        fc.assert(
          fc.asyncProperty(unsendableCredential, async ({ head, breaker, tail }) => {
            const body = { ...valid, [field]: `${head}${breaker}${tail}` };
            secrets.push(head, tail);
            const request: RawRequest = {
              method: "POST",
              path,
              contentType: "application/json",
              body: JSON.stringify(body),
            };
            expect(expectCatalogued4xx(request, await send(request))).toBe("VALIDATION_FAILED");
          }),
          { numRuns: LOGGED_RUNS },
        ),
      );
      expect(storeSnapshot()).toBe(before);
      expect(lines.some((line) => line.includes('"code":"VALIDATION_FAILED"'))).toBe(true);
      expectCleanLog(lines, secrets);
      expect(secrets.length).toBeGreaterThanOrEqual(LOGGED_RUNS * 2);
    },
  );
});
