import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CLAIM_WAIT_MAX_SECONDS } from "@tube/common/constants";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";
import { HELD_READS_PER_CLIENT } from "./claim.routes.ts";

/** A read of a claim can be held until the claim leaves the status the page shows, or until its wait is over. */
let world: TestWorld;

beforeAll(async () => {
  // Engine sends a while after each write, so a fresh claim stays queued long enough to be held.
  world = await startTestWorld({ pace: { engineSendLatencyMs: 1_500 } });
});
afterAll(async () => {
  await world?.stop();
});

/** A read of `claimId`, held while it is `status`; `leave` drops the connection as a closed tab does. */
function read(claimId: string, query = "") {
  const leaving = new AbortController();
  const answer = fetch(`${world.url}/api/claims/${claimId}${query}`, { signal: leaving.signal }).then(
    async (response) => ({
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, any>,
    }),
    () => null,
  );
  return { answer, leave: () => leaving.abort() };
}

const held = (claimId: string, status: string, seconds = CLAIM_WAIT_MAX_SECONDS) =>
  read(claimId, `?wait=${seconds}&status=${status}`);

/** Which of two reads answered first. */
const first = (a: ReturnType<typeof read>, b: ReturnType<typeof read>) =>
  Promise.race([a.answer.then(() => "first"), b.answer.then(() => "second")]);

async function confirmedClaim(): Promise<string> {
  const { claimId } = (await world.api.claim(await world.visitor())).body;
  await vi.waitFor(async () => expect((await world.api.get(`/api/claims/${claimId}`)).body.status).toBe("confirmed"), {
    timeout: 30_000,
    interval: 100,
  });
  return claimId as string;
}

/** The reads this client has left in the current minute, from the draft-8 `RateLimit` header. */
const remaining = (headers: Headers) => Number(/r=(\d+)/.exec(headers.get("ratelimit") ?? "")?.[1]);

describe("a held read of a claim", () => {
  // The hold outlasts the test's time-out: only the claim's move can answer it in time.
  it(
    "when the claim moves during the hold, then the read answers with its new status",
    { timeout: 15_000 },
    async () => {
      const mint = await world.api.claim(await world.visitor());
      expect(mint.body.status).toBe("queued");

      const answer = await held(mint.body.claimId, "queued").answer;

      expect(answer?.status).toBe(200);
      expect(answer?.body.status).not.toBe("queued");
    },
  );

  it("when the page shows a status the claim has left, then the read answers at once", async () => {
    const claimId = await confirmedClaim();
    const waiting = held(claimId, "confirmed");

    const behind = held(claimId, "queued");

    expect(await first(behind, waiting)).toBe("first");
    expect((await behind.answer)?.body).toMatchObject({ claimId, status: "confirmed" });
    waiting.leave();
  });

  it("when the claim stays as the page shows it, then the read answers after its wait with the claim as it is", async () => {
    const claimId = await confirmedClaim();
    const waiting = held(claimId, "confirmed", 2);

    expect(await first(read(claimId), waiting)).toBe("first");
    expect((await waiting.answer)?.body).toMatchObject({ claimId, status: "confirmed" });
  });

  it("when a client holds its most reads, then the next answers at once; once they leave, reads are held again", async () => {
    const claimId = await confirmedClaim();
    const holding = Array.from({ length: HELD_READS_PER_CLIENT }, () => held(claimId, "confirmed"));
    // Each is held once the server has answered a read sent after it.
    await world.api.get(`/api/claims/${claimId}`);

    const pastTheCap = held(claimId, "confirmed");
    expect(await Promise.race([pastTheCap.answer.then(() => "answered"), ...holding.map((r) => r.answer)])).toBe(
      "answered",
    );

    for (const reader of holding) reader.leave();
    await vi.waitFor(async () => {
      const waiting = held(claimId, "confirmed", 1);
      expect(await first(read(claimId), waiting)).toBe("first");
    });
  });

  it("when a read is held, then it counts once against the read limit", async () => {
    const claimId = await confirmedClaim();
    await vi.waitFor(async () => {
      const before = (await read(claimId).answer)?.headers as Headers;
      const during = (await held(claimId, "confirmed", 1).answer)?.headers as Headers;
      const after = (await read(claimId).answer)?.headers as Headers;
      // A new minute between the reads starts the count again: read once more.
      expect(remaining(before) - remaining(after)).toBe(2);
      expect(remaining(during)).toBe(remaining(before) - 1);
    });
  });

  it("when the wait is not a whole number of seconds within the hold's limit, then the read is refused", async () => {
    const claimId = await confirmedClaim();
    for (const wait of ["0", "1.5", String(CLAIM_WAIT_MAX_SECONDS + 1), "soon"]) {
      const answer = await read(claimId, `?wait=${wait}&status=confirmed`).answer;
      expect(answer).toMatchObject({ status: 400, body: { error: { code: "VALIDATION_FAILED" } } });
    }
  });
});
