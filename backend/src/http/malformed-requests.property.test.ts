/**
 * Property: every malformed request to every API endpoint gets a 4xx with a catalogue code (never a 5xx),
 * and leaves the store as it was. fast-check generates the requests; each endpoint gets RUNS of them.
 */
import { randomUUID } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
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
let app: InProcessApp;

beforeAll(async () => {
  app = await startInProcessApp();
  // A few claims, so lookups by wallet and id have something to find (and to leave alone).
  for (let i = 0; i < 3; i++) {
    await app.store.claims.reserve({
      id: randomUUID(),
      walletAddress: randomWallet(),
      googleSub: `sub-${i}`,
      amountWei: REWARD_AMOUNT_WEI,
      reservedAtBlock: 1n,
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
  body?: string;
}

async function send(request: RawRequest) {
  const response = await fetch(`${app.url}${request.path}`, {
    method: request.method,
    headers: request.contentType ? { "content-type": request.contentType } : {},
    body: request.body,
  });
  const text = await response.text();
  return { status: response.status, text };
}

/** The answer is a 4xx whose code is in the catalogue, with the catalogue's status. */
function expectCatalogued4xx(request: RawRequest, answer: { status: number; text: string }): void {
  const context = `${request.method} ${request.path} ${request.contentType ?? ""} ${request.body ?? ""}`.slice(0, 500);
  expect(answer.status, context).toBeGreaterThanOrEqual(400);
  expect(answer.status, context).toBeLessThan(500);
  const code = (JSON.parse(answer.text) as { error: { code: keyof typeof ERROR_CATALOGUE } }).error.code;
  expect(ERROR_CATALOGUE[code]?.status, `${context} -> ${code}`).toBe(answer.status);
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
});
