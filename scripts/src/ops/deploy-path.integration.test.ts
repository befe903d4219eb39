import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { getContract, prepareContractCall, readContract } from "thirdweb";
import { grantRole, hasRole } from "thirdweb/extensions/permissions";
import { keccakId } from "thirdweb/utils";
import { privateKeyToAccount } from "thirdweb/wallets";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GOOGLE_CALLBACK_PATH, MULTICALL3_ADDRESS, REWARD_AMOUNT_WEI } from "@tube/common/constants";
import { openSqliteClaimStore } from "@tube/backend/store/sqlite/sqlite-claim-store";
import { readRewardsToken } from "@tube/backend/minting/rewards-contract";
import { createTestApi } from "@tube/backend/test/test-api";
import { startAnvil, type RunningAnvil } from "@tube/local-world/anvil";
import { DEPLOYER, ENGINE_SERVER_WALLET, USERS } from "@tube/local-world/dev-accounts";
import { startEngineEmulator, type RunningEngineEmulator } from "@tube/local-world/engine-emulator/engine-emulator";
import { freePort } from "@tube/local-world/free-port";
import { localChain, sendAndConfirm, tokenContract } from "@tube/local-world/local-chain";
import { startGoogleEmulator, type GoogleEmulator } from "@tube/local-world/google-emulator/google-emulator";
import { LOCAL_CHANNEL_ID } from "@tube/local-world/google-emulator/seed-accounts";
import { signInWithEmulator } from "@tube/local-world/test/google-sign-in";
import { randomWallet } from "@tube/local-world/mint-log";
import { countMintsTo } from "@tube/local-world/test/chain-reads";
import { rpc } from "@tube/local-world/json-rpc";
import { balanceOf } from "@tube/local-world/test/chain-reads";
import { tokenRoleHolders } from "@tube/local-world/deploy-token";
import { runOperatorCommand, runOperatorCommandHere } from "./test/run-operator-command.ts";

/**
 * docs/deploy.md from an empty chain and store, with the local world's services standing where Google, Engine
 * Cloud and Arbitrum One would: deploy-token → doctor all green → the compiled server → one claim; then the
 * operator's claims export, totals, retry, pause, resume and deny against what that left behind.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const TSX = import.meta.resolve("tsx");
/** What the Dockerfile's runtime stage copies of the server, in a directory with no node_modules above it. */
const IMAGE_FILES = ["backend/dist", "package.json"];
/** The runtime image's budget for what it adds to Node's base image. */
const IMAGE_FILES_MAX_BYTES = 250 * 1024 * 1024;
const CLIENT = { clientId: "tube-deploy-test.apps.googleusercontent.com", clientSecret: "deploy-test-secret" };
const STEP_TIMEOUT = 180_000;

let anvil: RunningAnvil;
let google: GoogleEmulator;
let engine: RunningEngineEmulator;
let workDir: string;
let imageDir: string;
let env: Record<string, string>;
let server: ChildProcess | null = null;

beforeAll(async () => {
  // `npm run build`'s server step, as docs/deploy.md builds it before starting the server.
  await promisify(execFile)(process.execPath, [path.join(ROOT, "scripts/src/build-server.ts")]);
  // The commands run in an empty directory, so no developer's .env leaks into them.
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), "tube-deploy-"));
  imageDir = path.join(workDir, "image");
  for (const file of IMAGE_FILES) await fs.cp(path.join(ROOT, file), path.join(imageDir, file), { recursive: true });
  anvil = await startAnvil({ chainId: 42161 });
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  google = await startGoogleEmulator({
    clients: [{ ...CLIENT, redirectUris: [`${publicUrl}${GOOGLE_CALLBACK_PATH}`] }],
    channelId: LOCAL_CHANNEL_ID,
  });
  engine = await startEngineEmulator({
    rpcUrl: anvil.rpcUrl,
    chainId: 42161,
    secretKey: "deploy-test-secret-key",
    vaultAccessToken: "deploy-test-vault-token",
    serverWallets: [ENGINE_SERVER_WALLET],
  });
  env = {
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    DATA_DIR: path.join(workDir, "data"),
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_EMULATOR_URL: google.url,
    YOUTUBE_CHANNEL_ID: LOCAL_CHANNEL_ID,
    CHAIN_ID: "42161",
    RPC_URL: anvil.rpcUrl,
    ENGINE_URL: engine.url,
    THIRDWEB_SECRET_KEY: "deploy-test-secret-key",
    ENGINE_VAULT_ACCESS_TOKEN: "deploy-test-vault-token",
    ENGINE_SERVER_WALLET: ENGINE_SERVER_WALLET.address,
    ECOSYSTEM_ID: "ecosystem.deploy-test",
    METRICS_TOKEN: "deploy-test-metrics-token-0123456789abcdef",
  };
}, STEP_TIMEOUT);

afterAll(async () => {
  if (server && server.exitCode === null)
    await new Promise((resolve) => (server?.once("exit", resolve), server?.kill("SIGTERM")));
  await engine?.stop();
  await google?.stop();
  await anvil?.stop();
  await fs.rm(workDir, { recursive: true, force: true });
});

/**
 * Runs an operator command in the test's process with the test's clean environment: what the commands do. That
 * `npm run <name>` runs them as their own processes has the first test.
 */
function command(
  name: Parameters<typeof runOperatorCommandHere>[0],
  args: string[],
  extraEnv: Record<string, string> = {},
) {
  return runOperatorCommandHere(name, args, { env: { ...env, ...extraEnv } });
}

function leaseOf(lease: { owner: string; until: number }) {
  return { leaseOwner: lease.owner, leaseUntil: lease.until };
}

/** The token a rewards contract mints, read as the server reads it. */
const tokenOf = (rewards: string) => readRewardsToken(anvil.rpcUrl, rewards);

function envLines(out: string): Record<string, string> {
  return Object.fromEntries(
    [...out.matchAll(/^([A-Z_]+)=(\S+)$/gm)].map((match) => [match[1] as string, match[2] as string]),
  );
}

const api = createTestApi(() => env.PUBLIC_URL!);

/** Alice signs in through the stand-in's consent screen and the server's own code exchange. */
async function signInAlice() {
  const redirectUri = `${env.PUBLIC_URL}${GOOGLE_CALLBACK_PATH}`;
  const { code, codeVerifier } = await signInWithEmulator({
    emulatorUrl: google.url,
    clientId: CLIENT.clientId,
    redirectUri,
    account: "alice@example.com",
  });
  return api.post("/api/auth/google", { code, codeVerifier, redirectUri });
}

/** /metrics as Prometheus reads it with docs/deploy.md's scrape config: with the bearer token. */
async function scrape(): Promise<string> {
  const response = await fetch(`${env.PUBLIC_URL}/metrics`, {
    headers: { authorization: `Bearer ${env.METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  return response.text();
}

describe("following docs/deploy.md with the local world's values", () => {
  it(
    "when an operator asks for help, then each command explains itself and exits 0",
    async () => {
      for (const name of ["deploy-token", "doctor", "claims"] as const) {
        const { code, out } = await runOperatorCommand(name, ["--help"], { cwd: workDir, env });
        expect({ name, code }).toEqual({ name, code: 0 });
        expect(out).toContain(`npm run ${name}`);
      }
    },
    STEP_TIMEOUT,
  );

  it(
    "when only the image's files are there, then the server refuses an empty environment by name, the commands answer --help, and all of it fits the image's budget",
    async () => {
      const run = (file: string, args: string[] = []) =>
        promisify(execFile)(process.execPath, [file, ...args], {
          cwd: imageDir,
          env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
        }).then(
          ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
          (error: { code: number; stdout: string; stderr: string }) => ({
            code: error.code,
            out: error.stdout + error.stderr,
          }),
        );
      const refused = await run("backend/dist/index.js");
      expect(refused.code).toBe(1);
      for (const key of ["GOOGLE_CLIENT_ID", "RPC_URL", "THIRDWEB_SECRET_KEY", "METRICS_TOKEN"])
        expect(refused.out).toMatch(new RegExp(`\\n  ${key}: `));
      expect(refused.out).not.toContain("    at ");
      for (const name of ["claims", "doctor", "deploy-token"]) {
        const help = await run(`backend/dist/${name}.js`, ["--help"]);
        expect({ name, code: help.code }).toEqual({ name, code: 0 });
      }
      const files = await fs.readdir(imageDir, { recursive: true, withFileTypes: true });
      const sizes = await Promise.all(
        files.filter((file) => file.isFile()).map((file) => fs.stat(path.join(file.parentPath, file.name))),
      );
      expect(sizes.reduce((total, { size }) => total + size, 0)).toBeLessThan(IMAGE_FILES_MAX_BYTES);
    },
    STEP_TIMEOUT,
  );

  it(
    "when deploy-token misses the server wallet or the rewards cap, gets an unknown flag or an unfunded deployer, then it says so and exits non-zero",
    async () => {
      const missing = await command("deploy-token", [], { ENGINE_SERVER_WALLET: "" });
      expect(missing.code).toBe(1);
      expect(missing.out).toContain("ENGINE_SERVER_WALLET: is required");
      const uncapped = await command("deploy-token", [], {
        DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey,
        MAX_TOTAL_CLAIMS: "unlimited",
      });
      expect(uncapped.code).toBe(1);
      expect(uncapped.out).toContain("pass --max-rewards <n>");
      expect(uncapped.out).not.toContain("deployed");
      expect((await command("deploy-token", ["--frobnicate"])).code).not.toBe(0);
      // A deployer without ETH: the RPC's refusal, readable (a JSON-RPC error is no Error instance).
      const unfunded = await command("deploy-token", ["--max-rewards", "10"], {
        DEPLOYER_PRIVATE_KEY: `0x${"42".repeat(32)}`,
      });
      expect(unfunded.code).toBe(1);
      expect(unfunded.out).toMatch(/^error: .*insufficient funds/im);
    },
    STEP_TIMEOUT,
  );

  it(
    "when deploy-token → doctor → start → a claim are followed, then the viewer holds 250 TuBE",
    async () => {
      const deployed = await command("deploy-token", ["--max-rewards", "1000"], {
        DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey,
      });
      expect(deployed.code, deployed.out).toBe(0);
      const lines = envLines(deployed.out);
      expect(Object.keys(lines)).toEqual(["CHAIN_ID", "REWARDS_ADDRESS", "ENGINE_SERVER_WALLET"]);
      expect(lines.REWARDS_ADDRESS).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(deployed.out.toLowerCase()).toContain(`tube token: ${await tokenOf(lines.REWARDS_ADDRESS!)}`);
      Object.assign(env, lines);

      const doctor = await command("doctor", [], { DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey });
      expect(doctor.code, doctor.out).toBe(0);
      expect(doctor.out).not.toContain("✘");
      // The deployer is the token's admin until the operator hands the role over or renounces it.
      expect(doctor.out.toLowerCase()).toMatch(
        new RegExp(
          `^ℹ token roles: warning: .*; ${DEPLOYER.address.toLowerCase()} \\(deployer_private_key's\\), a single key, can grant minter_role`,
          "mi",
        ),
      );
      for (const check of [
        "Variables",
        "Google OAuth client",
        "Chain RPC",
        "Multicall3",
        "TuBE token",
        "Rewards contract",
        "Server wallet",
        "Browser's ids",
        "Reward cap",
        "Engine",
        "Store",
      ]) {
        expect(doctor.out).toMatch(new RegExp(`^✔ ${check}:`, "m"));
      }

      server = spawn(process.execPath, ["--enable-source-maps", "backend/dist/index.js"], {
        cwd: imageDir,
        env: { PATH: process.env.PATH ?? "", ...env },
        stdio: "ignore",
      });
      await vi.waitFor(
        async () => {
          if (
            (await fetch(`${env.PUBLIC_URL}/readyz`).then(
              (response) => response.status,
              () => 0,
            )) !== 200
          )
            throw new Error("the server is not ready");
        },
        { timeout: 60_000, interval: 250 },
      );

      const signedIn = await signInAlice();
      expect(signedIn.status).toBe(200);
      const wallet = randomWallet();
      const mint = await api.post("/api/verify-and-mint", {
        walletAddress: wallet,
        googleEmail: "alice@example.com",
        oauthAccessToken: signedIn.body.accessToken,
      });
      expect(mint.status).toBe(202);
      expect(mint.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      await vi.waitFor(
        async () => {
          const { body } = await api.get(`/api/claims/${mint.body.claimId}`);
          if (body.status !== "confirmed") throw new Error(`claim is ${body.status}`);
        },
        { timeout: 60_000, interval: 250 },
      );
      expect(await balanceOf(anvil.rpcUrl, 42161, await tokenOf(env.REWARDS_ADDRESS!), wallet)).toBe(REWARD_AMOUNT_WEI);
      // Only the operator's token reads it: an anonymous client learns no figure.
      expect((await fetch(`${env.PUBLIC_URL}/metrics`)).status).toBe(401);
      const metrics = await scrape();
      expect(metrics).toMatch(/^tube_youtube_quota_units_today [1-9]/m);
      expect(metrics).toMatch(/^tube_rewards_left 999$/m);
    },
    STEP_TIMEOUT,
  );

  it(
    "when npm start runs with NODE_ENV=production on local settings, then it starts no stand-in and the compiled server refuses, naming each key without a stack trace",
    async () => {
      const child = spawn(process.execPath, ["--import", TSX, path.join(ROOT, "scripts/src/start.ts")], {
        cwd: workDir,
        env: {
          PATH: process.env.PATH ?? "",
          ...env,
          NODE_ENV: "production",
          DATA_DIR: "",
          PORT: String(await freePort()),
          DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey,
        },
      });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
      const code = await new Promise((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(out).toContain("production: node backend/dist/index.js (no stand-ins)");
      expect(out).toContain("Refusing to start in production");
      for (const key of [
        "MONGODB_URI",
        "GOOGLE_EMULATOR_URL",
        "ENGINE_SERVER_WALLET",
        "PUBLIC_URL",
        "RPC_URL",
        "ENGINE_URL",
        "MAX_TOTAL_CLAIMS",
        "DEPLOYER_PRIVATE_KEY",
      ])
        expect(out).toMatch(new RegExp(`\\n  ${key}: `));
      expect(out).not.toContain("    at ");
      expect(out).not.toContain("local chain");
    },
    STEP_TIMEOUT,
  );

  it(
    "when the Google secret is wrong, then doctor marks that check failed and exits 1",
    async () => {
      const doctor = await command("doctor", [], { GOOGLE_CLIENT_SECRET: "not-the-secret" });
      expect(doctor.code).toBe(1);
      expect(doctor.out).toMatch(/^✘ Google OAuth client: .*invalid_client/m);
      expect(doctor.out).toMatch(/^✔ Chain RPC:/m);
    },
    STEP_TIMEOUT,
  );

  it(
    "when the chain has no Multicall3, then doctor fails naming its address, which the server's reads need",
    async () => {
      const code = await rpc(anvil.rpcUrl, "eth_getCode", [MULTICALL3_ADDRESS, "latest"]);
      await rpc(anvil.rpcUrl, "anvil_setCode", [MULTICALL3_ADDRESS, "0x"]);
      try {
        const doctor = await command("doctor", []);
        expect(doctor.code).toBe(1);
        expect(doctor.out).toMatch(new RegExp(`^✘ Multicall3: no contract at ${MULTICALL3_ADDRESS}:`, "m"));
      } finally {
        await rpc(anvil.rpcUrl, "anvil_setCode", [MULTICALL3_ADDRESS, code]);
      }
    },
    STEP_TIMEOUT,
  );

  it(
    "when a public id the browser gets has the wrong shape, then doctor names it and exits 1",
    async () => {
      const doctor = await command("doctor", [], {
        ECOSYSTEM_PARTNER_ID: "my-partner",
        WALLETCONNECT_PROJECT_ID: "tube-rewards",
      });
      expect(doctor.code).toBe(1);
      expect(doctor.out).toMatch(
        /^✘ Browser's ids: ECOSYSTEM_PARTNER_ID my-partner is not a partner id .*; WALLETCONNECT_PROJECT_ID tube-rewards is not a project id \(32 hex digits/m,
      );
    },
    STEP_TIMEOUT,
  );

  it(
    "when MAX_TOTAL_CLAIMS is above the rewards contract's cap, then doctor warns about the cap and still exits 0",
    async () => {
      const doctor = await command("doctor", [], { MAX_TOTAL_CLAIMS: "5000" });
      expect(doctor.code, doctor.out).toBe(0);
      expect(doctor.out).toMatch(
        /^ℹ Reward cap: WARNING: 1 \/ 1000 rewards paid, 999 left; maxRewards is below MAX_TOTAL_CLAIMS/m,
      );
    },
    STEP_TIMEOUT,
  );

  it(
    "when claims are exported and totalled, then the confirmed claim is there in CSV and JSON",
    async () => {
      const csv = await command("claims", ["export"]);
      expect(csv.code, csv.out).toBe(0);
      const [header, ...rows] = csv.out.trim().split("\n");
      expect(header).toBe(
        "id,status,walletAddress,googleSub,amountWei,txHash,engineTransactionId,attempts,lastError,finalAt,createdAt,updatedAt",
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain(",confirmed,");

      const json = await command("claims", [
        "export",
        "--format",
        "json",
        "--status",
        "confirmed",
        "--since",
        "2000-01-01",
      ]);
      expect(JSON.parse(json.out)).toEqual([
        expect.objectContaining({
          status: "confirmed",
          amountWei: REWARD_AMOUNT_WEI.toString(),
        }),
      ]);
      expect(
        JSON.parse((await command("claims", ["export", "--format", "json", "--until", "2000-01-01"])).out),
      ).toEqual([]);

      const totals = await command("claims", ["totals"]);
      expect(totals.out).toMatch(/^confirmed\s+1$/m);
      expect(totals.out).toMatch(/^ {2}of which awaiting finality [01]$/m);
      expect(totals.out).toMatch(/^total\s+1$/m);
      expect((await command("claims", ["export", "--status", "lost"])).code).toBe(1);
    },
    STEP_TIMEOUT,
  );

  it(
    "when a failed claim that used up MINT_MAX_ATTEMPTS is retried by the operator, then it gets one attempt more and is minted exactly once",
    async () => {
      const store = await openSqliteClaimStore({ dataDir: env.DATA_DIR as string });
      const wallet = randomWallet();
      const id = crypto.randomUUID();
      try {
        await store.claims.reserve({
          id,
          walletAddress: wallet,
          googleSub: "300000000000000000001",
          amountWei: REWARD_AMOUNT_WEI,
          lease: { owner: "operator-test", until: 0 },
        });
        // Three dead attempts: its owner may not retry it any more (MINT_MAX_ATTEMPTS: 3), an operator may.
        await store.claims.transition(id, ["reserved"], {
          status: "failed",
          attempts: 3,
          engineTransactionId: `${id}-3`,
          lastError: "attempt 3 did not reward the wallet within 50 blocks",
        });

        const dryRun = await command("claims", ["retry", "--dry-run"]);
        expect(dryRun.out).toContain(`would retry ${id}`);
        expect((await store.claims.findById(id))?.status).toBe("failed");

        const retried = await command("claims", ["retry"]);
        expect(retried.code, retried.out).toBe(0);
        expect(retried.out).toMatch(new RegExp(`${id} .*failed → (queued|submitted|confirmed)`));
        // The command gave the claim's lease back when it stopped its mint driver (leases name their process).
        expect((await store.claims.findById(id))?.leaseOwner ?? "").not.toContain(`:${retried.pid}:`);
        await vi.waitFor(
          async () => {
            if ((await store.claims.findById(id))?.status !== "confirmed")
              throw new Error("the retried claim is not confirmed");
          },
          { timeout: 60_000, interval: 250 },
        );
        expect(await store.claims.findById(id)).toMatchObject({ attempts: 4, engineTransactionId: `${id}-4` });
        expect(await countMintsTo(anvil.rpcUrl, await tokenOf(env.REWARDS_ADDRESS!), wallet)).toBe(1);
      } finally {
        await store.close();
      }
    },
    STEP_TIMEOUT,
  );

  it(
    "when the operator pauses claims, then the running server refuses new ones within 2 s until resume, and /metrics shows both",
    async () => {
      const { body: session } = await signInAlice();
      const claim = () =>
        api.post("/api/verify-and-mint", { walletAddress: randomWallet(), oauthAccessToken: session.accessToken });

      const paused = await command("claims", ["pause", "--by", "deploy-test"]);
      expect(paused.code, paused.out).toBe(0);
      expect(paused.out).toContain("claims paused by deploy-test");
      expect(paused.out).toMatch(/"action":"pause".*"by":"deploy-test"/);
      const pausedAt = Date.now();
      await vi.waitFor(
        async () => {
          const refused = await claim();
          if (refused.status !== 503) throw new Error(`answered ${refused.status}`);
          expect(refused.body.error).toMatchObject({ code: "CLAIMS_PAUSED", retryAfterSeconds: 300 });
        },
        { timeout: 5_000, interval: 100 },
      );
      expect(Date.now() - pausedAt).toBeLessThan(2_500);
      const metrics = await scrape();
      expect(metrics).toMatch(/^tube_claims_paused 1$/m);
      expect(metrics).toMatch(/^tube_operator_actions_total\{action="pause"\} 1$/m);

      expect((await command("claims", ["resume", "--by", "deploy-test"])).code).toBe(0);
      // Alice claimed already: once claims are open again she is told so, not that claims are paused.
      await vi.waitFor(
        async () => {
          const { status, body } = await claim();
          if (status === 503) throw new Error("still paused");
          expect(body.details).toBe("GOOGLE_ACCOUNT_ALREADY_CLAIMED");
        },
        { timeout: 5_000, interval: 100 },
      );
      expect(await scrape()).toMatch(/^tube_claims_paused 0$/m);
    },
    STEP_TIMEOUT,
  );

  it(
    "when the operator denies a wallet, then the running server refuses it with WALLET_DENIED until deny --undo",
    async () => {
      const { body: session } = await signInAlice();
      const wallet = randomWallet();
      const claim = () =>
        api.post("/api/verify-and-mint", { walletAddress: wallet, oauthAccessToken: session.accessToken });

      const denied = await command("claims", ["deny", "--wallet", wallet, "--by", "deploy-test"]);
      expect(denied.code, denied.out).toBe(0);
      expect(denied.out).toContain(`wallet ${wallet} denied: its claims are refused from now on`);
      const refused = await claim();
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: "WALLET_DENIED" });

      expect((await command("claims", ["deny", "--wallet", wallet, "--undo"])).out).toContain(
        `wallet ${wallet} allowed again`,
      );
      // Alice claimed already: allowed again, the wallet is refused for that, not as denied.
      expect((await claim()).body.details).toBe("GOOGLE_ACCOUNT_ALREADY_CLAIMED");
      expect((await command("claims", ["deny", "--wallet", wallet, "--undo"])).out).toContain(
        "was not on the deny list",
      );
      expect((await command("claims", ["deny", "--wallet", "not-a-wallet"])).code).toBe(1);
      const metrics = await scrape();
      expect(metrics).toMatch(/^tube_operator_actions_total\{action="deny"\} 1$/m);
      expect(metrics).toMatch(/^tube_operator_actions_total\{action="allow"\} 2$/m);
    },
    STEP_TIMEOUT,
  );

  it(
    "when the operator retries stuck claims by id, then a rewarded one is confirmed with its reward's hash and an unpaid one is failed, then given one attempt more",
    async () => {
      const store = await openSqliteClaimStore({ dataDir: env.DATA_DIR as string });
      // A live lease held by a driver that never moves: the server's mint loop leaves these claims alone.
      const stuckLease = { owner: "stuck-driver", until: Date.now() + 3_600_000 };
      try {
        const [paid] = await store.claims.list({ status: "confirmed" });
        const rewardHash = paid!.txHash;
        await store.claims.transition(paid!.id, ["confirmed"], {
          status: "submitted",
          txHash: null,
          ...leaseOf(stuckLease),
        });

        const unpaidId = crypto.randomUUID();
        const unpaid = { walletAddress: randomWallet() };
        await store.claims.reserve({
          id: unpaidId,
          walletAddress: unpaid.walletAddress,
          googleSub: "300000000000000000002",
          amountWei: REWARD_AMOUNT_WEI,
          lease: stuckLease,
        });
        await store.claims.transition(unpaidId, ["reserved"], {
          status: "submitted",
          attempts: 1,
          engineTransactionId: `${unpaidId}-1`,
          txHash: `0x${"ab".repeat(32)}`,
        });

        const confirmed = await command("claims", ["retry", paid!.id, "--by", "deploy-test"]);
        expect(confirmed.code, confirmed.out).toBe(0);
        expect(confirmed.out).toContain(`confirmed, rewarded by ${rewardHash}`);
        expect(await store.claims.findById(paid!.id)).toMatchObject({ status: "confirmed", txHash: rewardHash });

        const dryRun = await command("claims", ["retry", unpaidId, "--dry-run"]);
        expect(dryRun.out).toContain(`would retry ${unpaidId}`);
        expect((await store.claims.findById(unpaidId))?.status).toBe("submitted");

        const retried = await command("claims", ["retry", unpaidId]);
        expect(retried.code, retried.out).toBe(0);
        expect(retried.out).toContain(`${unpaidId} (${unpaid.walletAddress}): failed, not rewarded on chain`);
        expect(retried.out).toMatch(new RegExp(`${unpaidId} .*failed → (queued|submitted|confirmed)`));
        await vi.waitFor(
          async () => {
            if ((await store.claims.findById(unpaidId))?.status !== "confirmed") throw new Error("not confirmed yet");
          },
          { timeout: 60_000, interval: 250 },
        );
        expect(await store.claims.findById(unpaidId)).toMatchObject({ attempts: 2 });
        expect(await countMintsTo(anvil.rpcUrl, await tokenOf(env.REWARDS_ADDRESS!), unpaid.walletAddress)).toBe(1);
        expect(await store.operator.actionCounts()).toMatchObject({ resolve: 2 });
      } finally {
        await store.close();
      }
    },
    STEP_TIMEOUT,
  );

  it(
    "when the server wallet also holds the token's MINTER_ROLE, then doctor fails it, and deploy-token adopting the contracts revokes it (refusing a key that is not the token's admin)",
    async () => {
      const { client } = localChain(anvil.rpcUrl, 42161);
      const token = tokenContract(anvil.rpcUrl, 42161, await tokenOf(env.REWARDS_ADDRESS!));
      // What a token minted through directly before the rewards contract existed would still have.
      await sendAndConfirm(
        grantRole({ contract: token, role: "minter", targetAccountAddress: ENGINE_SERVER_WALLET.address }),
        privateKeyToAccount({ client, privateKey: DEPLOYER.privateKey }),
      );
      const bypassable = await command("doctor", []);
      expect(bypassable.code).toBe(1);
      expect(bypassable.out).toMatch(
        new RegExp(`^✘ Token roles: ${ENGINE_SERVER_WALLET.address} can mint besides REWARDS_ADDRESS`, "mi"),
      );

      // A key that is not the token's admin cannot revoke it: deploy-token refuses before sending anything.
      const notAdmin = await command("deploy-token", ["--token", token.address, "--rewards", env.REWARDS_ADDRESS!], {
        DEPLOYER_PRIVATE_KEY: USERS[2].privateKey,
      });
      expect(notAdmin.code, notAdmin.out).toBe(1);
      expect(notAdmin.out.toLowerCase()).toContain(`is not an admin of tube at ${token.address.toLowerCase()}`);
      expect(notAdmin.out).not.toContain("(tx ");

      const adopted = await command(
        "deploy-token",
        ["--token", token.address, "--rewards", env.REWARDS_ADDRESS as string],
        { DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey },
      );
      expect(adopted.code, adopted.out).toBe(0);
      expect(adopted.out).toContain(`revoked MINTER_ROLE on TuBE from ${ENGINE_SERVER_WALLET.address}`);
      expect(adopted.out).not.toContain("WARNING");
      const doctor = await command("doctor", []);
      expect(doctor.code, doctor.out).toBe(0);
      expect(doctor.out).toMatch(new RegExp(`^ℹ Token roles: WARNING: minters: ${env.REWARDS_ADDRESS};`, "mi"));
      expect(doctor.out).toMatch(/^✔ Server wallet: .*holds REWARDER_ROLE and/m);
    },
    STEP_TIMEOUT,
  );

  it(
    "when deploy-token adopts the deployed contracts and renounces admin, then the roles are kept and doctor stays green",
    async () => {
      const adopted = await command(
        "deploy-token",
        [
          "--token",
          await tokenOf(env.REWARDS_ADDRESS!),
          "--rewards",
          env.REWARDS_ADDRESS as string,
          "--renounce-admin",
        ],
        { DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey },
      );
      expect(adopted.code, adopted.out).toBe(0);
      expect(adopted.out).toContain(`${env.REWARDS_ADDRESS} already holds MINTER_ROLE on TuBE`);
      expect(adopted.out).toContain(`${ENGINE_SERVER_WALLET.address} already holds REWARDER_ROLE on TuBERewards`);
      expect(adopted.out).toContain("renounced DEFAULT_ADMIN_ROLE on TuBE ");
      expect(adopted.out).toContain("renounced DEFAULT_ADMIN_ROLE on TuBERewards ");
      expect(adopted.out).not.toContain("WARNING");
      const doctor = await command("doctor", []);
      expect(doctor.code, doctor.out).toBe(0);
      expect(doctor.out).toMatch(/^✔ Token roles: .*admins: none \(renounced\)$/m);
    },
    STEP_TIMEOUT,
  );
});

describe("replacing the rewards contract", () => {
  /**
   * A token and rewards contract of the test's own, deployed as an operator does: the settings doctor reads for them,
   * and the token's address.
   */
  async function deployOwnToken(): Promise<{ settings: { REWARDS_ADDRESS: string }; token: string }> {
    const deployed = await command("deploy-token", ["--max-rewards", "10"], {
      DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey,
    });
    expect(deployed.code, deployed.out).toBe(0);
    const { REWARDS_ADDRESS } = envLines(deployed.out);
    return { settings: { REWARDS_ADDRESS: REWARDS_ADDRESS! }, token: await tokenOf(REWARDS_ADDRESS!) };
  }

  const deployer = () =>
    privateKeyToAccount({ client: localChain(anvil.rpcUrl, 42161).client, privateKey: DEPLOYER.privateKey });

  it(
    "when deploy-token runs again on a token without --retire, then it refuses naming the old minter; with --retire <old>, the new contract is the only minter and the old one refuses to reward",
    async () => {
      const { settings: first, token } = await deployOwnToken();
      const again = (args: string[]) =>
        command("deploy-token", ["--token", token, "--max-rewards", "10", ...args], {
          DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey,
        });

      const refused = await again([]);
      expect(refused.code, refused.out).toBe(1);
      // Addresses as the chain's receipts give them (lower case) or checksummed (mixed case): the same address.
      expect(refused.out.toLowerCase()).toContain(`has another minter: ${first.REWARDS_ADDRESS.toLowerCase()}`);
      expect(refused.out.toLowerCase()).toContain(`--retire ${first.REWARDS_ADDRESS.toLowerCase()}`);
      expect(refused.out).not.toContain("deployed TuBERewards");

      const replaced = await again(["--retire", first.REWARDS_ADDRESS]);
      expect(replaced.code, replaced.out).toBe(0);
      expect(replaced.out).not.toContain("WARNING");
      const second = envLines(replaced.out);
      expect(second.REWARDS_ADDRESS).not.toBe(first.REWARDS_ADDRESS);
      // The token itself lists its minters: the new contract alone, never the two.
      expect(replaced.out).toContain(`TuBE's minters: ${second.REWARDS_ADDRESS!.toLowerCase()}; admins:`);
      expect(await tokenRoleHolders(tokenContract(anvil.rpcUrl, 42161, token))).toEqual({
        minters: [second.REWARDS_ADDRESS!.toLowerCase()],
        admins: [DEPLOYER.address.toLowerCase()],
      });

      const doctor = await command("doctor", [], { ...first, REWARDS_ADDRESS: second.REWARDS_ADDRESS! });
      expect(doctor.code, doctor.out).toBe(0);
      expect(doctor.out).toMatch(new RegExp(`^ℹ Token roles: WARNING: minters: ${second.REWARDS_ADDRESS};`, "mi"));

      const { client, chain } = localChain(anvil.rpcUrl, 42161);
      const old = getContract({ client, chain, address: first.REWARDS_ADDRESS });
      expect(
        await hasRole({ contract: old, role: "REWARDER_ROLE", targetAccountAddress: ENGINE_SERVER_WALLET.address }),
      ).toBe(false);
      expect(await readContract({ contract: old, method: "function maxRewards() view returns (uint256)" })).toBe(0n);
      await expect(
        sendAndConfirm(
          prepareContractCall({ contract: old, method: "function reward(address to)", params: [randomWallet()] }),
          privateKeyToAccount({ client, privateKey: ENGINE_SERVER_WALLET.privateKey }),
        ),
      ).rejects.toThrow();
    },
    STEP_TIMEOUT,
  );

  it(
    "when the token has a minter besides REWARDS_ADDRESS, or a second admin, then doctor fails its Token roles line naming each",
    async () => {
      const { settings: own, token } = await deployOwnToken();
      const contract = tokenContract(anvil.rpcUrl, 42161, token);
      const intruder = USERS[0].address;
      await sendAndConfirm(grantRole({ contract, role: "minter", targetAccountAddress: intruder }), deployer());

      const doctor = await command("doctor", [], own);
      expect(doctor.code, doctor.out).toBe(1);
      expect(doctor.out).toMatch(new RegExp(`^✘ Token roles: ${intruder} can mint besides REWARDS_ADDRESS`, "mi"));
      expect(doctor.out.toLowerCase()).toContain(
        `minters: ${own.REWARDS_ADDRESS.toLowerCase()}, ${intruder.toLowerCase()}; admins: ${DEPLOYER.address.toLowerCase()}`,
      );

      const secondAdmin = USERS[1].address;
      await sendAndConfirm(grantRole({ contract, role: "admin", targetAccountAddress: secondAdmin }), deployer());
      const twoAdmins = await command("doctor", [], own);
      expect(twoAdmins.code).toBe(1);
      expect(twoAdmins.out).toMatch(/^✘ Token roles: .*2 admins, each able to grant MINTER_ROLE/m);
      expect(twoAdmins.out.toLowerCase()).toContain(
        `admins: ${DEPLOYER.address.toLowerCase()}, ${secondAdmin.toLowerCase()}`,
      );
      expect(doctor.out).toMatch(/^✔ Rewards contract:/m);
    },
    STEP_TIMEOUT,
  );

  it(
    "when --rewards names a contract that is not TuBERewards, though it answers token() and rewardAmount() alike, then deploy-token and doctor refuse it",
    async () => {
      const { settings: own, token } = await deployOwnToken();
      const lookalike = randomWallet();
      await rpc(anvil.rpcUrl, "anvil_setCode", [lookalike, lookalikeCode(token, REWARD_AMOUNT_WEI)]);
      const { client, chain } = localChain(anvil.rpcUrl, 42161);
      const views = getContract({ client, chain, address: lookalike });
      expect(
        (await readContract({ contract: views, method: "function token() view returns (address)" })).toLowerCase(),
      ).toBe(token.toLowerCase());
      expect(await readContract({ contract: views, method: "function rewardAmount() view returns (uint256)" })).toBe(
        REWARD_AMOUNT_WEI,
      );

      for (const rewards of [lookalike, token]) {
        const adopted = await command("deploy-token", ["--token", token, "--rewards", rewards], {
          DEPLOYER_PRIVATE_KEY: DEPLOYER.privateKey,
        });
        expect(adopted.code, adopted.out).toBe(1);
        expect(adopted.out).toContain(`error: ${rewards} is not a TuBERewards`);
      }
      const doctor = await command("doctor", [], { ...own, REWARDS_ADDRESS: lookalike });
      expect(doctor.out).toMatch(new RegExp(`^✘ Rewards contract: ${lookalike} is not a TuBERewards`, "m"));
    },
    STEP_TIMEOUT,
  );
});

/**
 * Runtime code that answers `token()` with `token` and `rewardAmount()` with `amount`, as TuBERewards does, and
 * nothing else: the two views alone are no proof of the contract behind them.
 */
function lookalikeCode(token: string, amount: bigint): string {
  const selector = (signature: string) => keccakId(signature).slice(2, 10);
  const push2 = (byte: number) => `61${byte.toString(16).padStart(4, "0")}`;
  // JUMPDEST, PUSH the answer, MSTORE it at 0, RETURN those 32 bytes.
  const answerToken = `5b73${token.slice(2).toLowerCase()}6000526020${"6000f3"}`;
  const answerAmount = `5b7f${amount.toString(16).padStart(64, "0")}6000526020${"6000f3"}`;
  // The call's selector (CALLDATALOAD 0 >> 224); each view's compares equal (EQ) and jumps (JUMPI) to its answer;
  // anything else STOPs. That dispatch is 28 bytes long, the answers follow it.
  const tokenAt = 28;
  const amountAt = tokenAt + answerToken.length / 2;
  const dispatch =
    "60003560e01c80" +
    `63${selector("token()")}14${push2(tokenAt)}57` +
    `63${selector("rewardAmount()")}14${push2(amountAt)}57` +
    "00";
  return `0x${dispatch}${answerToken}${answerAmount}`;
}
