/** `npm start`: in development, the local world for each setting left unset, the built frontend and the app on one
 * origin; with NODE_ENV=production, the compiled server alone (`npm run build`), refusing any missing setting. */
import "dotenv/config";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig, parseSettings, settingsSchema } from "@tube/backend/config";
import { startServer } from "@tube/backend/server";
import { buildFrontend, FRONTEND_DIST } from "./build-frontend.ts";
import { DEPLOYER } from "@tube/local-world/dev-accounts";
import { startLocalWorld, type LocalWorld } from "@tube/local-world/local-world";
import { writeRunningWorld } from "@tube/local-world/running-world";

const log = (line: string) => console.log(`[start] ${line}`);

if (parseSettings(settingsSchema.pick({ NODE_ENV: true })).NODE_ENV === "production") {
  const server = "backend/dist/index.js";
  const file = path.resolve(import.meta.dirname, "../..", server);
  if (!fs.existsSync(file)) {
    log(`${server} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
  log(`production: node ${server} (no stand-ins)`);
  const child = spawn(process.execPath, ["--enable-source-maps", file], { stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  process.exit(await new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1))));
}

// `--prebuilt`: frontend/dist is built (`npm test` builds it beside its checks).
const prebuilt = process.argv.includes("--prebuilt");
const [world] = await Promise.all([startLocalWorld(process.env, { log }), prebuilt || buildFrontend()]);
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  const config = loadConfig(world.env as NodeJS.ProcessEnv);
  server = await startServer(config, undefined, { staticDir: FRONTEND_DIST });
  writeRunningWorld(config.DATA_DIR, {
    url: config.PUBLIC_URL,
    border: world.started.border,
    engineUrl: world.started.engine?.url,
  });
  console.log(banner(config.PUBLIC_URL, world));
} catch (error) {
  await world.stop();
  if (!(error instanceof ConfigError)) throw error;
  // As the server entry: the problems alone, no stack trace.
  console.error(error.message);
  process.exit(1);
}

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log("stopping…");
    void (async () => {
      await server?.stop();
      await world.stop();
      process.exit(0);
    })();
  });
}

function banner(publicUrl: string, { started, env }: LocalWorld) {
  const lines = ["", `  TuBE Rewards is running at ${publicUrl}`, ""];
  if (started.chain) {
    lines.push(
      `  Local chain     ${started.chain.rpcUrl}  (chain id ${started.chain.chainId}; add it to MetaMask as a custom network)`,
      `  Funded test key ${DEPLOYER.privateKey}  (${DEPLOYER.address}; public anvil key, local use only)`,
      `  TuBE token      ${started.contracts?.tokenAddress ?? "(the one REWARDS_ADDRESS mints)"}`,
      `  TuBE rewards    ${env.REWARDS_ADDRESS}  (the token's only minter: one reward per wallet)`,
    );
  }
  if (started.engine) lines.push(`  Engine stand-in ${started.engine.url}`);
  if (started.google) {
    lines.push(`  Google stand-in ${started.google.url}  (seeded accounts:)`);
    for (const account of started.google.accounts) lines.push(`    - ${account.email.padEnd(28)} ${account.name}`);
  }
  if (started.border)
    lines.push(
      `  thirdweb wallet stand-in 127.0.0.1:${started.border.port}  ('Sign in with Google' offline: open the app with \`npm run browser\`)`,
      `  WalletConnect relay and Verify stand-ins on the same border: in \`npm run browser\`, 'Connect Wallet' → 'Copy URI',`,
      `    then pair a phone-wallet stand-in with \`npm run phone-wallet -- '<the URI>'\``,
    );
  lines.push("", "  Press Ctrl-C to stop everything.", "");
  return lines.join("\n");
}
