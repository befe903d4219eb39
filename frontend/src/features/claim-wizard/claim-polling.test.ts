import type { ClaimView } from "@tube/common/api";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import { MintFailure, waitForClaim } from "./claim-polling.ts";
import { apiError, sequence, stubApi, type FakeResponse } from "./testing/fake-api.ts";

const CLAIM_ID = "7d4a3a8e-5f7c-4b7e-9a55-2a8f0c1d9e01";
const TX_HASH = `0x${"12".repeat(32)}`;
const view = (status: ClaimView["status"], txHash: string | null = null): FakeResponse => ({
  status: 200,
  body: { claimId: CLAIM_ID, walletAddress: "0x0", status, txHash, explorerUrl: null },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function settle<T>(promise: Promise<T>, ms: number): Promise<T> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.advanceTimersByTimeAsync(ms);
  const result = await outcome;
  if ("error" in result) throw result.error;
  return result.value;
}

describe("waitForClaim", () => {
  it("when the claim moves to confirmed, then every status is reported and the hash returned", async () => {
    const api = stubApi({ "GET /api/claims/:id": sequence(view("queued"), view("submitted", TX_HASH), view("confirmed", TX_HASH)) });
    const onStatus = vi.fn();

    const claim = await settle(waitForClaim(CLAIM_ID, { onStatus }), 2_000);

    expect(claim.txHash).toBe(TX_HASH);
    expect(onStatus.mock.calls.map(([seen]) => (seen as ClaimView).status)).toEqual(["queued", "submitted", "confirmed"]);
    expect(api.calls.map((call) => call.path)).toEqual(Array(3).fill(`/api/claims/${CLAIM_ID}`));
  });

  it("when the claim fails, then a MintFailure says so", async () => {
    stubApi({ "GET /api/claims/:id": view("failed") });
    await expect(settle(waitForClaim(CLAIM_ID, { onStatus: vi.fn() }), 0)).rejects.toEqual(
      new MintFailure("Transaction failed for unknown reason"),
    );
  });

  it("when confirmed without a hash, then a MintFailure says no hash was returned", async () => {
    stubApi({ "GET /api/claims/:id": view("confirmed") });
    await expect(settle(waitForClaim(CLAIM_ID, { onStatus: vi.fn() }), 0)).rejects.toThrow("No transaction hash returned");
  });

  it("when a poll fails transiently, then polling goes on", async () => {
    stubApi({ "GET /api/claims/:id": sequence(apiError(503, "MINT_UNAVAILABLE", "busy"), view("confirmed", TX_HASH)) });
    await expect(settle(waitForClaim(CLAIM_ID, { onStatus: vi.fn() }), 1_000)).resolves.toMatchObject({ txHash: TX_HASH });
  });

  it("when the claim is unknown, then the error is not retried", async () => {
    const api = stubApi({ "GET /api/claims/:id": apiError(404, "CLAIM_NOT_FOUND", "No claim was found.") });
    await expect(settle(waitForClaim(CLAIM_ID, { onStatus: vi.fn() }), 5_000)).rejects.toBeInstanceOf(ApiError);
    expect(api.calls).toHaveLength(1);
  });

  it("when the claim stays pending past the timeout, then a MintFailure asks to check again", async () => {
    stubApi({ "GET /api/claims/:id": view("queued") });
    await expect(settle(waitForClaim(CLAIM_ID, { onStatus: vi.fn(), timeoutMs: 3_000 }), 5_000)).rejects.toThrow(
      "taking longer than expected",
    );
  });
});
