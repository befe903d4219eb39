import type { ClaimView } from "@tube/common/api";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { catalogueError, claimViewAnswer } from "../../../test/api-answers.ts";
import { sequence, stubApi } from "../../../test/fake-api.ts";
import { server } from "../../../test/server.ts";
import { MintFailure, useClaimProgress, type ClaimProgress } from "./claim-polling.ts";

const CLAIM_ID = "7d4a3a8e-5f7c-4b7e-9a55-2a8f0c1d9e01";
const TX_HASH = `0x${"12".repeat(32)}`;
const view = (status: ClaimView["status"], txHash: string | null = null) =>
  claimViewAnswer({ claimId: CLAIM_ID, status, txHash });

/** Follows CLAIM_ID and records every distinct progress the hook reports. */
function follow(options: { timeoutMs?: number } = {}) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const seen: ClaimProgress[] = [];
  const { result } = renderHook(
    () => {
      const progress = useClaimProgress(CLAIM_ID, options);
      if (seen.at(-1) !== progress) seen.push(progress);
      return progress;
    },
    { wrapper },
  );
  return { current: () => result.current, seen };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => vi.useFakeTimers());

describe("useClaimProgress", () => {
  it("when the claim moves to confirmed, then every status is reported and the hash returned", async () => {
    const api = stubApi({
      "GET /api/claims/:id": sequence(view("queued"), view("submitted", TX_HASH), view("confirmed", TX_HASH)),
    });
    const followed = follow();

    await vi.waitFor(async () => {
      await advance(500);
      expect(followed.current()).toEqual({ state: "confirmed", txHash: TX_HASH });
    });

    const statuses = followed.seen.map((p) => (p.state === "pending" ? p.status : p.state));
    expect(statuses).toEqual([null, "queued", "submitted", "confirmed"]);
    expect(api.calls.map((call) => call.path)).toEqual(Array(3).fill(`/api/claims/${CLAIM_ID}`));
  });

  it("when the claim moves, then each read asks the server to hold it while the claim is as last seen", async () => {
    const asked: string[] = [];
    const next: Record<string, ClaimView["status"]> = {
      "": "queued",
      "?wait=20&status=queued": "submitted",
      "?wait=20&status=submitted": "confirmed",
    };
    server.use(
      http.get("*/api/claims/:id", ({ request }) => {
        const { search } = new URL(request.url);
        asked.push(search);
        const status = next[search];
        return HttpResponse.json(view(status ?? "failed", status === "queued" ? null : TX_HASH).body as object);
      }),
    );
    const followed = follow();

    await vi.waitFor(async () => {
      await advance(100);
      expect(followed.current()).toEqual({ state: "confirmed", txHash: TX_HASH });
    });
    expect(asked).toEqual(Object.keys(next));
  });

  it.each([
    {
      title: "when the claim fails, then a MintFailure says so",
      status: "failed",
      failure: new MintFailure("Transaction failed for unknown reason", "retryable"),
    },
    {
      title: "when confirmed without a hash, then a MintFailure says no hash was returned",
      status: "confirmed",
      failure: new MintFailure("No transaction hash returned", "none"),
    },
  ] as const)("$title", async ({ status, failure }) => {
    stubApi({ "GET /api/claims/:id": view(status) });
    const followed = follow();

    await vi.waitFor(async () => {
      await advance(0);
      expect(followed.current()).toEqual({ state: "failed", error: failure });
    });
  });

  it("when a poll fails transiently, then polling goes on", async () => {
    stubApi({
      "GET /api/claims/:id": sequence(catalogueError("MINT_UNAVAILABLE", "busy"), view("confirmed", TX_HASH)),
    });
    const followed = follow();

    await vi.waitFor(async () => {
      await advance(500);
      expect(followed.current()).toEqual({ state: "confirmed", txHash: TX_HASH });
    });
  });

  it("when polls fail transiently five times in a row, then the error is reported", async () => {
    const api = stubApi({ "GET /api/claims/:id": catalogueError("MINT_UNAVAILABLE", "busy") });
    const followed = follow();

    await vi.waitFor(async () => {
      await advance(500);
      expect(followed.current().state).toBe("failed");
    });
    expect(api.calls).toHaveLength(5);
  });

  it("when the claim is unknown, then the error is not retried", async () => {
    const api = stubApi({ "GET /api/claims/:id": catalogueError("CLAIM_NOT_FOUND") });
    const followed = follow();

    await vi.waitFor(async () => {
      await advance(0);
      expect(followed.current().state).toBe("failed");
    });
    const progress = followed.current();
    expect(progress.state === "failed" && progress.error).toBeInstanceOf(ApiError);
    await advance(5_000);
    expect(api.calls).toHaveLength(1);
  });

  it("when the claim stays pending past the timeout, then a MintFailure asks to check again", async () => {
    stubApi({ "GET /api/claims/:id": view("queued") });
    const followed = follow({ timeoutMs: 3_000 });

    await advance(2_500);
    expect(followed.current()).toEqual({ state: "pending", status: "queued" });
    await advance(1_000);
    const progress = followed.current();
    expect(progress.state === "failed" && String(progress.error)).toContain("taking longer than expected");
  });
});
