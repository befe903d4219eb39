import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { ERROR_CATALOGUE } from "@tube/common/errors";
import { USERS } from "@tube/local-world/dev-accounts";
import { LOCAL_CHANNEL_ID } from "@tube/local-world/google-emulator/seed-accounts";
import { randomWallet } from "@tube/local-world/mint-log";
import { countMintsTo } from "@tube/local-world/test/chain-reads";
import { balanceOf } from "@tube/local-world/test/chain-reads";
import { loadConfig } from "../config.ts";
import { createLogger } from "../observability/logger.ts";
import { createMetrics } from "../observability/metrics.ts";
import { openSqliteClaimStore } from "../store/sqlite/sqlite-claim-store.ts";
import { startTestWorld, type TestWorld } from "../test/test-world.ts";
import { MINT_MAX_ATTEMPTS } from "./mint-driver-from-config.ts";
import { TEST_WORLD_TUNING } from "../test/test-tuning.ts";
import { mintDriverFromConfig } from "./mint-driver-from-config.ts";

let world: TestWorld;

beforeAll(async () => {
  world = await startTestWorld();
});
afterAll(async () => {
  await world?.stop();
});

function claimUntilSettled(claimId: string) {
  return vi.waitFor(
    async () => {
      const { body } = await world.api.get(`/api/claims/${claimId}`);
      if (body.status !== "confirmed" && body.status !== "failed") throw new Error(`claim ${claimId} did not settle`);
      return body;
    },
    { timeout: 30_000, interval: 100 },
  );
}

describe("claim API over HTTP against the local world", () => {
  it("when a subscribed viewer claims, then the wallet ends up with 250 TuBE on chain", async () => {
    const viewer = await world.visitor();
    const { token, wallet } = viewer;

    const verify = await world.api.post("/api/verify-subscription", {
      accessToken: token,
      channelId: LOCAL_CHANNEL_ID,
      youtubeUsername: viewer.handle.toUpperCase(),
    });
    expect(verify).toMatchObject({ status: 200, body: { isSubscribed: true } });

    const mint = await world.api.post("/api/verify-and-mint", {
      walletAddress: wallet,
      googleEmail: viewer.email,
      oauthAccessToken: token,
    });
    expect(mint.status).toBe(202);
    expect(mint.body).toMatchObject({ claimed: true, alreadyClaimed: false, error: null });

    const settled = await claimUntilSettled(mint.body.claimId);
    expect(settled.status).toBe("confirmed");
    expect(settled.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(settled.explorerUrl).toBe(`https://arbiscan.io/tx/${settled.txHash}`);
    expect(await balanceOf(world.rpcUrl, 42161, world.tokenAddress, wallet)).toBe(REWARD_AMOUNT_WEI);

    const check = await world.api.get(`/api/check-claim/${wallet.toUpperCase().replace("0X", "0x")}`);
    expect(check.body).toMatchObject({ claimed: true, txHash: settled.txHash, status: "confirmed" });
    expect(Date.parse(check.body.claimedAt)).not.toBeNaN();

    const verifyAgain = await world.api.post("/api/verify-subscription", {
      accessToken: token,
      channelId: LOCAL_CHANNEL_ID,
    });
    expect(verifyAgain.body).toEqual({
      isSubscribed: true,
      accountClaim: { walletAddress: wallet.toLowerCase(), status: "confirmed", claimedAt: check.body.claimedAt },
    });

    expect((await world.api.post("/api/record-claim", { walletAddress: wallet, txHash: settled.txHash })).status).toBe(
      200,
    );
    const forged = await world.api.post("/api/record-claim", { walletAddress: wallet, txHash: `0x${"ab".repeat(32)}` });
    expect(forged).toMatchObject({ status: 409, body: { error: { code: "TX_HASH_MISMATCH" } } });

    const again = await world.api.post("/api/verify-and-mint", { walletAddress: wallet, oauthAccessToken: token });
    expect(again.body).toMatchObject({
      alreadyClaimed: true,
      claimed: false,
      txHash: settled.txHash,
      details: "ALREADY_CLAIMED",
    });

    const otherWallet = await world.api.post("/api/verify-and-mint", {
      walletAddress: randomWallet(),
      oauthAccessToken: token,
    });
    expect(otherWallet.body).toMatchObject({ alreadyClaimed: true, details: "GOOGLE_ACCOUNT_ALREADY_CLAIMED" });
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
  });

  it("when a claim is paid, then Engine itself reports the reward CONFIRMED, so its sender has nothing left to chase", async () => {
    const viewer = await world.visitor();
    await world.api.claim(viewer);
    const [claim] = await world.untilAllConfirmed([viewer]);

    await vi.waitFor(
      async () => {
        const response = await fetch(`${world.engineUrl}/v1/transactions?limit=100&page=1`, {
          headers: { "x-secret-key": world.env.THIRDWEB_SECRET_KEY as string },
        });
        const { result } = (await response.json()) as {
          result: { transactions: Array<{ transactionHash: string | null; status: string | null }> };
        };
        expect(result.transactions.find((row) => row.transactionHash === claim?.txHash)?.status).toBe("CONFIRMED");
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it("when the same wallet is claimed by another Google account, then it is already claimed", async () => {
    const [firstViewer, secondViewer] = await Promise.all([world.visitor(), world.visitor()]);
    const first = await world.api.claim(firstViewer);
    await claimUntilSettled(first.body.claimId);
    const second = await world.api.claim(secondViewer, firstViewer.wallet);
    expect(second.body).toMatchObject({ alreadyClaimed: true, details: "ALREADY_CLAIMED" });
  });

  it("when 200 requests claim one wallet at once, then exactly one mint reaches the chain", async () => {
    const { token, wallet } = await world.visitor();
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        world.api.post("/api/verify-and-mint", { walletAddress: wallet, oauthAccessToken: token }),
      ),
    );
    const accepted = responses.filter((response) => response.status === 202);
    expect(accepted).toHaveLength(1);
    expect(responses.filter((response) => response.body.alreadyClaimed)).toHaveLength(199);
    await claimUntilSettled(accepted[0]!.body.claimId);
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
    expect(await balanceOf(world.rpcUrl, 42161, world.tokenAddress, wallet)).toBe(REWARD_AMOUNT_WEI);
  });

  it("when Engine answers 500 at the claim, then the kept claim is answered 202 as under way and, once the attempt's grace blocks pass without a trace, a new attempt mints once", async () => {
    const { token, wallet } = await world.visitor();
    const firedBefore = world.engineFaults.fired().http500 ?? 0;
    world.engineFaults.set({ mode: "http500", count: 1 });
    const kept = await world.api.post("/api/verify-and-mint", { walletAddress: wallet, oauthAccessToken: token });
    expect(kept).toMatchObject({ status: 202, body: { claimed: true, status: "queued", error: null, details: null } });
    expect(world.engineFaults.fired().http500).toBe(firedBefore + 1);
    const { claimId } = kept.body;
    expect((await world.api.get(`/api/claims/${claimId}`)).body).toMatchObject({ status: "queued", txHash: null });

    await world.mineBlocks(Number(TEST_WORLD_TUNING.mint.graceBlocks));
    expect((await claimUntilSettled(claimId)).status).toBe("confirmed");
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
  });

  it("when a wallet's claim failed every attempt, then another Google account is told the way out, the owner is told it is on hold and why, and an operator's retry mints", async () => {
    const [ownerViewer, otherViewer] = await Promise.all([world.visitor(), world.visitor()]);
    const { token: owner, wallet } = ownerViewer;
    // Every attempt ends FAILED at Engine without reaching the chain, so the claim is left failed (ADR 2).
    world.engineFaults.set({ mode: "failed", count: MINT_MAX_ATTEMPTS });
    await world.api.post("/api/verify-and-mint", { walletAddress: wallet, oauthAccessToken: owner });
    await expect
      .poll(async () => (await world.api.get(`/api/check-claim/${wallet}`)).body.status, { timeout: 60_000 })
      .toBe("failed");

    const other = await world.api.post("/api/verify-and-mint", {
      walletAddress: wallet,
      oauthAccessToken: otherViewer.token,
    });
    expect(other.body).toMatchObject({
      claimed: false,
      alreadyClaimed: true,
      details: "CLAIM_STARTED_BY_ANOTHER_ACCOUNT",
      claimId: null,
    });
    expect((await world.api.get(`/api/check-claim/${wallet}`)).body).toMatchObject({
      claimed: false,
      status: "failed",
      onHold: true,
      // Engine failed each attempt before sending it.
      failureReason: "NOT_SENT",
    });

    // The owner's retries count toward the same bound: no attempt past it.
    const retry = await world.api.post("/api/verify-and-mint", { walletAddress: wallet, oauthAccessToken: owner });
    expect(retry).toMatchObject({
      status: 200,
      body: {
        status: "failed",
        details: "MINT_ATTEMPTS_EXHAUSTED",
        error: ERROR_CATALOGUE.MINT_ATTEMPTS_EXHAUSTED.message,
      },
    });
    const store = await openSqliteClaimStore({ dataDir: world.env.DATA_DIR as string });
    try {
      expect((await store.claims.findByWallet(wallet))?.attempts).toBe(MINT_MAX_ATTEMPTS);
      // An operator grants one attempt more, as `npm run claims -- retry` does.
      const { mintDriver } = mintDriverFromConfig(loadConfig(world.env as NodeJS.ProcessEnv), {
        store,
        metrics: createMetrics(),
        logger: createLogger("silent"),
      });
      await mintDriver.retry((await store.claims.findByWallet(wallet))!, "operator");
      await mintDriver.stop();
    } finally {
      await store.close();
    }
    expect((await claimUntilSettled(retry.body.claimId)).status).toBe("confirmed");
    expect((await world.api.get(`/api/claims/${retry.body.claimId}`)).body).toMatchObject({
      onHold: false,
      failureReason: null,
    });
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
  });

  it("when Engine's answer to an operator's retry of a claim on hold is lost, then the retry leaves it under way and it is paid once", async () => {
    const { token, wallet } = await world.visitor();
    world.engineFaults.set({ mode: "failed", count: MINT_MAX_ATTEMPTS });
    await world.api.post("/api/verify-and-mint", { walletAddress: wallet, oauthAccessToken: token });
    await expect
      .poll(async () => (await world.api.get(`/api/check-claim/${wallet}`)).body.status, { timeout: 60_000 })
      .toBe("failed");
    world.engineFaults.set({ mode: "timeout", count: 1 });
    const store = await openSqliteClaimStore({ dataDir: world.env.DATA_DIR as string });
    try {
      const { mintDriver } = mintDriverFromConfig(loadConfig(world.env as NodeJS.ProcessEnv), {
        store,
        metrics: createMetrics(),
        logger: createLogger("silent"),
      });
      const retried = await mintDriver.retry((await store.claims.findByWallet(wallet))!, "operator");
      await mintDriver.stop();
      expect(retried.status).toBe("queued");
    } finally {
      await store.close();
    }
    const { claimId } = (await world.api.get(`/api/check-claim/${wallet}`)).body;
    expect((await claimUntilSettled(claimId)).status).toBe("confirmed");
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
  });

  it("when Engine's answer is lost after it queued the mint, then the claim is answered 202 as under way and a retry still mints once", async () => {
    const { token, wallet } = await world.visitor();
    world.engineFaults.set({ mode: "timeout", count: 1 });
    const lost = await world.api.post("/api/verify-and-mint", { walletAddress: wallet, oauthAccessToken: token });
    expect(lost).toMatchObject({ status: 202, body: { claimed: true, status: "queued", error: null } });
    const retry = await world.api.post("/api/verify-and-mint", { walletAddress: wallet, oauthAccessToken: token });
    // The attempt was written before Engine was called: the retry finds the claim under way (202) or already minted (200).
    expect([200, 202]).toContain(retry.status);
    const claimId = retry.body.claimId;
    expect((await claimUntilSettled(claimId)).status).toBe("confirmed");
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
  });

  it("when Engine reports the mint FAILED, then it is retried automatically with one mint in the end", async () => {
    const { token, wallet } = await world.visitor();
    world.engineFaults.set({ mode: "failed", count: 1 });
    const mint = await world.api.post("/api/verify-and-mint", { walletAddress: wallet, oauthAccessToken: token });
    expect(mint.status).toBe(202);
    expect((await claimUntilSettled(mint.body.claimId)).status).toBe("confirmed");
    expect(await countMintsTo(world.rpcUrl, world.tokenAddress, wallet)).toBe(1);
  });

  it("when the viewer is not subscribed, then the claim is refused with NOT_SUBSCRIBED", async () => {
    const token = await world.signIn("bob@example.com");
    expect(
      (await world.api.post("/api/verify-subscription", { accessToken: token, channelId: LOCAL_CHANNEL_ID })).body,
    ).toEqual({ isSubscribed: false });
    const mint = await world.api.post("/api/verify-and-mint", {
      walletAddress: randomWallet(),
      oauthAccessToken: token,
    });
    expect(mint).toMatchObject({ status: 403, body: { error: { code: "NOT_SUBSCRIBED" } } });
  });

  it("when a viewer's token expires after Verify, then the claim is GOOGLE_TOKEN_INVALID and nothing is claimed", async () => {
    const viewer = await world.visitor();
    expect((await world.api.verifySubscription(viewer.token)).body).toMatchObject({ isSubscribed: true });
    const expired = await fetch(`${world.googleUrl}/__emulator/expire`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ access_token: viewer.token }),
    });
    expect(expired.ok).toBe(true);

    const mint = await world.api.claim(viewer);

    expect(mint).toMatchObject({ status: 401, body: { error: { code: "GOOGLE_TOKEN_INVALID" } } });
    expect((await world.api.checkClaim(viewer.wallet)).body).toMatchObject({ claimed: false, claimId: null });
  });

  it("when the token was issued to another app, then it is refused (token substitution)", async () => {
    const token = await world.tokenForOtherApp((await world.createGoogleAccount()).email);
    const mint = await world.api.post("/api/verify-and-mint", {
      walletAddress: randomWallet(),
      oauthAccessToken: token,
    });
    expect(mint).toMatchObject({ status: 401, body: { error: { code: "GOOGLE_TOKEN_WRONG_AUDIENCE" } } });
  });

  it("when the body names another e-mail than Google's, then it is refused", async () => {
    const { token } = await world.visitor();
    const mint = await world.api.post("/api/verify-and-mint", {
      walletAddress: randomWallet(),
      googleEmail: "someone@else.com",
      oauthAccessToken: token,
    });
    expect(mint).toMatchObject({ status: 403, body: { error: { code: "EMAIL_MISMATCH" } } });
  });

  it("when another channel is asked for, then it is refused", async () => {
    const { token } = await world.visitor();
    const verify = await world.api.post("/api/verify-subscription", {
      accessToken: token,
      channelId: "UCsomeone-else",
    });
    expect(verify).toMatchObject({ status: 400, body: { error: { code: "WRONG_CHANNEL" } } });
  });

  it("when a viewer who is not subscribed typed a YouTube username that is not the account's own channel, then the message names the right one", async () => {
    const viewer = await world.visitor({ subscribed: false });
    const verify = await world.api.post("/api/verify-subscription", {
      accessToken: viewer.token,
      channelId: LOCAL_CHANNEL_ID,
      youtubeUsername: "@somebody",
    });
    expect(verify).toMatchObject({ status: 403, body: { error: { code: "USERNAME_MISMATCH" } } });
    expect(verify.body.error.message).toContain(viewer.handle);
  });

  it.each([
    ["not an address", "0x1234"],
    ["not hex", `0x${"zz".repeat(20)}`],
    ["the zero address, which cannot receive tokens", `0x${"0".repeat(40)}`],
  ])("when the wallet address is %s, then INVALID_WALLET_ADDRESS", async (_label, walletAddress) => {
    const mint = await world.api.post("/api/verify-and-mint", { walletAddress, oauthAccessToken: "token" });
    expect(mint).toMatchObject({ status: 400, body: { error: { code: "INVALID_WALLET_ADDRESS" } } });
  });

  it("when the body has unknown fields or is not JSON, then VALIDATION_FAILED with no internals", async () => {
    const extra = await world.api.post("/api/verify-and-mint", {
      walletAddress: USERS[0].address,
      oauthAccessToken: "t",
      admin: true,
    });
    expect(extra).toMatchObject({ status: 400, body: { error: { code: "VALIDATION_FAILED" } } });
    const response = await fetch(`${world.url}/api/verify-and-mint`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/SyntaxError|at .*\.ts/);
  });

  it.each([
    ["carol@example.com", 403, "YOUTUBE_SIGNUP_REQUIRED"],
    ["dave@example.com", 403, "YOUTUBE_ACCOUNT_SUSPENDED"],
    ["grace@example.com", 403, "YOUTUBE_ACCOUNT_SUSPENDED"],
    ["erin@example.com", 503, "YOUTUBE_QUOTA_EXCEEDED"],
  ])("when YouTube refuses %s, then the answer is %i %s", async (email, status, code) => {
    const token = await world.signIn(email);
    const verify = await world.api.post("/api/verify-subscription", {
      accessToken: token,
      channelId: LOCAL_CHANNEL_ID,
    });
    expect(verify).toMatchObject({ status, body: { error: { code } } });
    if (code === "YOUTUBE_QUOTA_EXCEEDED") expect(Number(verify.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("when the account withheld the YouTube scope, then sign-in is refused", async () => {
    await expect(world.signIn("frank@example.com")).rejects.toThrow(/GOOGLE_SCOPE_MISSING/);
  });

  it("when the access token is unknown or expired, then GOOGLE_TOKEN_INVALID", async () => {
    const verify = await world.api.post("/api/verify-subscription", {
      accessToken: "ya29.not-a-real-token",
      channelId: LOCAL_CHANNEL_ID,
    });
    expect(verify).toMatchObject({ status: 401, body: { error: { code: "GOOGLE_TOKEN_INVALID" } } });
  });

  it("when YouTube fails with 5xx twice, then YOUTUBE_UNAVAILABLE (after one retry)", async () => {
    const { token } = await world.visitor();
    await fetch(`${world.googleUrl}/__emulator/youtube-fault`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ status: 503, reason: "backendError", count: 2 }),
    });
    const verify = await world.api.post("/api/verify-subscription", {
      accessToken: token,
      channelId: LOCAL_CHANNEL_ID,
    });
    expect(verify).toMatchObject({ status: 503, body: { error: { code: "YOUTUBE_UNAVAILABLE" } } });
    expect(Number(verify.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("when the redirect URI is not our callback, then the code exchange is refused", async () => {
    const response = await world.api.post("/api/auth/google", {
      code: "c",
      codeVerifier: "v".repeat(43),
      redirectUri: "https://evil.example/cb",
    });
    expect(response).toMatchObject({ status: 400, body: { error: { code: "REDIRECT_URI_NOT_ALLOWED" } } });
  });

  it("when the operator endpoints are read, then health, readiness, config and metrics answer", async () => {
    expect((await world.api.get("/healthz")).body).toEqual({ status: "ok" });
    expect((await world.api.get("/readyz")).body).toEqual({ ready: true });
    const config = (await world.api.get("/api/config")).body;
    expect(config).toMatchObject({
      chainId: 42161,
      youtubeChannelId: LOCAL_CHANNEL_ID,
      googleClientId: expect.any(String),
    });
    // No setting names the token: the server read it from the rewards contract.
    expect(config.tokenAddress.toLowerCase()).toBe(world.tokenAddress.toLowerCase());
    expect(JSON.stringify(config)).not.toMatch(/secret|vault/i);
    const metrics = await world.metrics();
    expect(metrics).toContain("tube_claims_total");
    expect(metrics).toContain("tube_mint_latency_seconds");
  });
});
