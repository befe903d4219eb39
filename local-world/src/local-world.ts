/** Stand-ins for what these machines cannot reach, each started for a setting left unset. */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { ARBITRUM_ONE_CHAIN_ID, GOOGLE_CALLBACK_PATH } from "@tube/common/constants";
import { startAnvil, type RunningAnvil } from "./anvil.ts";
import type { BorderAddress } from "./chromium.ts";
import { restartAnvilAged } from "./chain-age.ts";
import { ensureToken, type TokenDeployment } from "./deploy-token.ts";
import { DEPLOYER, ENGINE_SERVER_WALLET } from "./dev-accounts.ts";
import {
  ENGINE_MEDIAN_SEND_LATENCY_MS,
  startEngineEmulator,
  type EngineEmulatorOptions,
  type FaultControl,
} from "./engine-emulator/engine-emulator.ts";
import { freePort } from "./free-port.ts";
import { startGoogleEmulator } from "./google-emulator/google-emulator.ts";
import { WALLET_GOOGLE_CALLBACK, embeddedWalletEmulator } from "./embedded-wallet/embedded-wallet-emulator.ts";
import { loadWalletKeys } from "./embedded-wallet/wallet-keys.ts";
import { IN_APP_WALLET_SERVICE, clientIdOf } from "./embedded-wallet/thirdweb-dashboard.ts";
import { EMBEDDED_WALLET_HOST, RELAY_HOSTS, VERIFY_HOST } from "./network-border/border-hosts.ts";
import { startNetworkBorder } from "./network-border/border-server.ts";
import { loadTlsIdentity } from "./network-border/tls-identity.ts";
import { walletConnectStandIns } from "./wallet-connect/relay-emulator.ts";
import { LOCAL_CHANNEL_ID, type SeedAccount } from "./google-emulator/seed-accounts.ts";

type Env = Record<string, string | undefined>;

const DEFAULT_APP_PORT = 3000;
/** Arbitrum One's block time and about its height: a new local chain is not young. */
const ARBITRUM_BLOCK_TIME_SECONDS = 0.25;
const ARBITRUM_LIKE_HEIGHT = 400_000_000;

export interface LocalWorld {
  /** The given settings plus what the world filled in. */
  env: Env;
  /** What was started, for the banner. */
  started: {
    chain?: { rpcUrl: string; chainId: number };
    contracts?: TokenDeployment;
    google?: { url: string; accounts: SeedAccount[] };
    engine?: { url: string; faults: FaultControl };
    border?: BorderAddress;
  };
  /** Moves the local chain's head `blocks` higher, state kept, at the same URL. */
  ageChain(blocks: number): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalWorldOptions {
  log?: (line: string) => void;
  /** Default Arbitrum One's 0.25; 0 mines a block per transaction, from block 0. */
  chainBlockSeconds?: number;
  /** From a write's 202 to its send; default Engine's median. */
  engineSendLatencyMs?: number;
  engineSendRetryMs?: EngineEmulatorOptions["sendRetryMs"];
}

export async function startLocalWorld(given: Env, options: LocalWorldOptions = {}): Promise<LocalWorld> {
  const log = options.log ?? (() => undefined);
  // An empty `KEY=` line means unset, here as in the config module.
  const env: Env = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== ""));
  const stops: Array<() => Promise<void>> = [];
  const started: LocalWorld["started"] = {};
  const dataDir = path.resolve(env.DATA_DIR ?? ".data");
  env.DATA_DIR = dataDir;
  await fs.mkdir(dataDir, { recursive: true });
  // The chain's last port, when free, so a wallet's custom network for it survives restarts.
  const chainPortFile = path.join(dataDir, "local-chain-port");
  const stop = async () => {
    for (const stopPart of stops.reverse()) await stopPart();
  };

  let anvil: RunningAnvil | undefined;
  const blockTime = options.chainBlockSeconds ?? ARBITRUM_BLOCK_TIME_SECONDS;

  try {
    if (!env.RPC_URL) {
      const chainId = Number(env.CHAIN_ID ?? ARBITRUM_ONE_CHAIN_ID);
      anvil = await startAnvil({
        preferredPort: Number(await fs.readFile(chainPortFile, "utf8").catch(() => "")) || undefined,
        chainId,
        stateFile: path.join(dataDir, "anvil-state.json"),
        // A chain that mines per transaction starts at 0: tests read it whole.
        ...(blockTime > 0 ? { blockTimeSeconds: blockTime, number: ARBITRUM_LIKE_HEIGHT } : {}),
      });
      stops.push(() => anvil!.stop());
      await fs.writeFile(chainPortFile, String(anvil.options.port));
      env.RPC_URL = anvil.rpcUrl;
      env.CHAIN_ID = String(chainId);
      started.chain = { rpcUrl: anvil.rpcUrl, chainId };
      log(`local chain (anvil, chain id ${chainId}) at ${anvil.rpcUrl}`);
    }

    // Anvil's account 1; a local Engine on an outside RPC (a testnet rehearsal) needs ETH there.
    if (started.chain || !env.ENGINE_URL) env.ENGINE_SERVER_WALLET ??= ENGINE_SERVER_WALLET.address;
    if (started.chain && !env.REWARDS_ADDRESS) {
      started.contracts = await deployLocalToken(env, dataDir);
      env.REWARDS_ADDRESS = started.contracts.rewardsAddress;
      log(`TuBE token at ${started.contracts.tokenAddress}, rewarded through ${env.REWARDS_ADDRESS}`);
    }

    if (!env.ENGINE_URL) {
      // Settings with no secret meaning offline.
      env.THIRDWEB_SECRET_KEY ??= "tube-local-engine-secret";
      env.ENGINE_VAULT_ACCESS_TOKEN ??= "tube-local-vault-token";
      const engine = await startEngineEmulator({
        rpcUrl: env.RPC_URL,
        chainId: Number(env.CHAIN_ID ?? ARBITRUM_ONE_CHAIN_ID),
        secretKey: env.THIRDWEB_SECRET_KEY,
        vaultAccessToken: env.ENGINE_VAULT_ACCESS_TOKEN,
        serverWallets: [ENGINE_SERVER_WALLET],
        sendLatencyMs: options.engineSendLatencyMs ?? ENGINE_MEDIAN_SEND_LATENCY_MS,
        sendRetryMs: options.engineSendRetryMs,
      });
      stops.push(() => engine.stop());
      env.ENGINE_URL = engine.url;
      started.engine = { url: engine.url, faults: engine.faults };
      log(`Engine stand-in at ${engine.url}`);
    }

    env.ECOSYSTEM_ID ??= "ecosystem.tube-local";
    if (!env.GOOGLE_EMULATOR_URL && !env.GOOGLE_CLIENT_ID) {
      env.GOOGLE_CLIENT_ID = "tube-local.apps.googleusercontent.com";
      env.GOOGLE_CLIENT_SECRET ??= "tube-local-google-secret";
      env.YOUTUBE_CHANNEL_ID ??= LOCAL_CHANNEL_ID;
      // Google sends codes only to registered redirect URIs: the stand-in must know the app's origin.
      env.PUBLIC_URL = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? DEFAULT_APP_PORT}`).replace(/\/+$/, "");
      const walletGoogleClient = {
        clientId: "thirdweb-embedded-wallet.apps.googleusercontent.com",
        clientSecret: randomBytes(16).toString("hex"),
      };
      const google = await startGoogleEmulator({
        port: await freePort(),
        clients: [
          {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            redirectUris: [`${env.PUBLIC_URL}${GOOGLE_CALLBACK_PATH}`],
          },
          { ...walletGoogleClient, redirectUris: [WALLET_GOOGLE_CALLBACK] },
        ],
        channelId: env.YOUTUBE_CHANNEL_ID,
      });
      stops.push(google.stop);
      env.GOOGLE_EMULATOR_URL = google.url;
      started.google = { url: google.url, accounts: google.accounts };
      log(`Google stand-in at ${google.url}`);

      // thirdweb's wallet service signs visitors in through Google: the local one, so only beside it.
      const tls = loadTlsIdentity(dataDir);
      // The operator's local project: the app's origin allowed, an open ecosystem.
      const project = { domains: [new URL(env.PUBLIC_URL).host], services: [IN_APP_WALLET_SERVICE] };
      const projects = { [clientIdOf(env.THIRDWEB_SECRET_KEY ?? "")]: project };
      const wallet = embeddedWalletEmulator({
        dashboard: { projects, ecosystem: { id: env.ECOSYSTEM_ID } },
        googleUrl: google.url,
        googleClient: walletGoogleClient,
        keys: loadWalletKeys(dataDir),
        log,
      });
      const walletConnect = walletConnectStandIns();
      const border = await startNetworkBorder({
        // Fixed only when asked, so a test runner can launch its browsers with the rules that reach it.
        port: env.LOCAL_BORDER_PORT ? Number(env.LOCAL_BORDER_PORT) : await freePort(),
        tls,
        sites: { [EMBEDDED_WALLET_HOST]: wallet, ...walletConnect.sites },
        upgrades: walletConnect.upgrades,
      });
      stops.push(border.stop, walletConnect.stop);
      started.border = { port: border.port, spkiSha256: tls.spkiSha256 };
      log(`thirdweb wallet stand-in (https://${EMBEDDED_WALLET_HOST}) at 127.0.0.1:${border.port}`);
      log(`WalletConnect relay and Verify stand-ins (wss://${RELAY_HOSTS[0]}, https://${VERIFY_HOST}) there too`);
    }

    const ageChain = async (blocks: number) => {
      if (!anvil) throw new Error("only the local chain can be aged");
      anvil = await restartAnvilAged(anvil, blocks);
    };
    return { env, started, ageChain, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The token and its rewards contract, deployed once per data dir. */
async function deployLocalToken(env: Env, dataDir: string) {
  const recordFile = path.join(dataDir, "local-token.json");
  const { tokenAddress, rewardsAddress } = await ensureToken({
    rpcUrl: env.RPC_URL as string,
    chainId: Number(env.CHAIN_ID),
    deployerKey: DEPLOYER.privateKey,
    rewarder: env.ENGINE_SERVER_WALLET as string,
    known: await fs.readFile(recordFile, "utf8").then(
      (text) => JSON.parse(text) as Partial<TokenDeployment>,
      () => ({}),
    ),
  });
  await fs.writeFile(recordFile, JSON.stringify({ tokenAddress, rewardsAddress }, null, 2));
  return { tokenAddress, rewardsAddress };
}
