import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { ARBITRUM_ONE_CHAIN_ID, MULTICALL3_ADDRESS } from "@tube/common/constants";
import { dropEmptyBlocks, readAnvilState, taggedBlocks, writeAnvilState } from "./anvil-state.ts";
import { loadContractArtifact } from "./contract-artifacts.ts";
import { freePort } from "./free-port.ts";
import { rpc } from "./json-rpc.ts";

export interface AnvilOptions {
  /** 0 or absent: a free port, `preferredPort` first if given. */
  port?: number;
  preferredPort?: number;
  chainId?: number;
  /** Loaded if present, written back on stop without most empty blocks. */
  stateFile?: string;
  /** Interval mining; absent: a block per transaction. */
  blockTimeSeconds?: number;
  /** The genesis block's number; ignored when `stateFile` holds a chain. */
  number?: number;
  /** `safe` is `latest − slots`, `finalized` `latest − 2 × slots`. Default 32. */
  slotsInAnEpoch?: number;
}

export interface RunningAnvil {
  rpcUrl: string;
  /** Its port included: `startAnvil(options)` starts it again at the same URL. */
  options: AnvilOptions & { port: number };
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 10_000;
// Another process may take a free port between our probe and anvil's bind.
const PORT_ATTEMPTS = 3;
const OUTPUT_KEPT = 4_000;

/** Resolves once the chain listens and answers `eth_chainId`. */
export async function startAnvil(options: AnvilOptions = {}): Promise<RunningAnvil> {
  for (let attempt = 1; ; attempt++) {
    const port = options.port || (attempt === 1 && options.preferredPort) || (await freePort());
    try {
      return await launch(port, options);
    } catch (error) {
      if (options.port || attempt >= PORT_ATTEMPTS || !String(error).includes("Address already in use")) throw error;
    }
  }
}

async function launch(port: number, options: AnvilOptions) {
  const chainId = options.chainId ?? ARBITRUM_ONE_CHAIN_ID;
  // Without --prune-history anvil fills ~/.foundry/anvil/tmp for ever.
  const args = ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId), "--prune-history", "64"];
  if (options.stateFile) args.push("--state", options.stateFile);
  if (options.blockTimeSeconds !== undefined) args.push("--block-time", String(options.blockTimeSeconds));
  if (options.number !== undefined) args.push("--number", String(options.number));
  if (options.slotsInAnEpoch !== undefined) args.push("--slots-in-an-epoch", String(options.slotsInAnEpoch));

  const anvil = spawn(anvilBinary(), args, { stdio: ["ignore", "pipe", "pipe"] });
  const exited = once(anvil, "exit");
  const watchdog = killWhenParentDies(anvil);
  let output = "";
  // The log's tail, for error messages.
  for (const stream of [anvil.stdout, anvil.stderr])
    stream?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT)));

  const rpcUrl = `http://127.0.0.1:${port}`;
  try {
    // "Listening on" proves this anvil holds the port, not another node.
    await waitFor(anvil, () => output, `Listening on 127.0.0.1:${port}`);
    const answered = Number(await rpc<string>(rpcUrl, "eth_chainId", [], { timeoutMs: 5_000 }));
    if (answered !== chainId) throw new Error(`anvil on ${rpcUrl} answers chain ${answered}, expected ${chainId}`);
    // Multicall3 where Arbitrum One has it.
    const { deployedBytecode } = await loadContractArtifact("Multicall3");
    await rpc(rpcUrl, "anvil_setCode", [MULTICALL3_ADDRESS, deployedBytecode]);
  } catch (error) {
    anvil.kill("SIGKILL");
    watchdog.kill();
    throw error;
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (anvil.exitCode === null && anvil.signalCode === null) {
        // SIGTERM, not SIGKILL: anvil writes --state on a graceful exit.
        anvil.kill("SIGTERM");
        const timer = setTimeout(() => anvil.kill("SIGKILL"), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      watchdog.kill();
      if (options.stateFile) await compactStateFile(options.stateFile, options.slotsInAnEpoch);
    })();
    return stopping;
  };
  return { rpcUrl, options: { ...options, port }, stop };
}

/** Keeps the blocks the `safe` and `finalized` tags need at the next start. */
async function compactStateFile(stateFile: string, slotsInAnEpoch: number | undefined) {
  const state = await readAnvilState(stateFile).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (state && dropEmptyBlocks(state, taggedBlocks(slotsInAnEpoch)) > 0) await writeAnvilState(stateFile, state);
}

function anvilBinary() {
  const require = createRequire(import.meta.url);
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const packageJson = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  return join(dirname(packageJson), "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
}

/** A shell on a pipe from us stops anvil gracefully however this process dies. */
function killWhenParentDies(anvil: ChildProcess) {
  const watchdog = spawn("sh", ["-c", 'while read -r _; do :; done; kill -TERM "$0" 2>/dev/null', String(anvil.pid)], {
    stdio: ["pipe", "ignore", "ignore"],
  });
  watchdog.unref();
  watchdog.stdin?.on("error", () => undefined);
  // Once anvil is gone its pid may be reused: the watchdog must not outlive it.
  anvil.once("exit", () => watchdog.kill());
  return watchdog;
}

async function waitFor(anvil: ChildProcess, output: () => string, line: string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!output().includes(line)) {
    if (anvil.exitCode !== null || anvil.signalCode !== null)
      throw new Error(`anvil exited (${anvil.exitCode ?? anvil.signalCode}) before it was ready: ${output()}`);
    if (Date.now() > deadline) throw new Error(`anvil was not ready within ${READY_TIMEOUT_MS} ms: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
