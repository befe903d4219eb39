import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Abi } from "thirdweb/utils";

export interface TokenArtifact {
  abi: Abi;
  bytecode: `0x${string}`;
}

const require = createRequire(import.meta.url);
const SOURCE_PATH = fileURLToPath(new URL("../../contracts/TuBE.sol", import.meta.url));
const CACHE_PATH = fileURLToPath(new URL("../../contracts/build/TuBE.json", import.meta.url));
const SOURCE_NAME = "TuBE.sol";
const CONTRACT_NAME = "TuBE";

// Arbitrum One does not run solc 0.8.37's default (osaka) yet.
const SETTINGS = {
  evmVersion: "cancun",
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
} as const;

interface CachedArtifact extends TokenArtifact {
  sourceHash: string;
}

/** The compiled TuBE token; compiles only when the source, compiler or settings changed since the cached build. */
export async function loadTokenArtifact(): Promise<TokenArtifact> {
  const source = await readFile(SOURCE_PATH, "utf8");
  const sourceHash = hashInputs(source);
  const cached = await readCache();
  if (cached?.sourceHash === sourceHash) return { abi: cached.abi, bytecode: cached.bytecode };

  const artifact = await compile(source);
  await writeCache({ sourceHash, ...artifact });
  return artifact;
}

function hashInputs(source: string): string {
  const versions = ["solc", "@openzeppelin/contracts"].map((name) => `${name}@${packageVersion(name)}`);
  return createHash("sha256").update(JSON.stringify({ source, versions, SETTINGS })).digest("hex");
}

function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

async function compile(source: string): Promise<TokenArtifact> {
  // solc loads a large compiler image: only pay for it on a cache miss.
  const { default: solc } = await import("solc");
  const input = { language: "Solidity", sources: { [SOURCE_NAME]: { content: source } }, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: resolveImport })) as SolcOutput;

  const errors = (output.errors ?? []).filter((entry) => entry.severity === "error");
  if (errors.length > 0) {
    throw new Error(`TuBE.sol does not compile:\n${errors.map((entry) => entry.formattedMessage).join("\n")}`);
  }
  const contract = output.contracts?.[SOURCE_NAME]?.[CONTRACT_NAME];
  if (!contract) throw new Error(`solc produced no ${CONTRACT_NAME} contract`);
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

function resolveImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(path), "utf8") };
  } catch (error) {
    return { error: `cannot resolve ${path}: ${String(error)}` };
  }
}

interface SolcOutput {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

async function readCache(): Promise<CachedArtifact | null> {
  try {
    return JSON.parse(await readFile(CACHE_PATH, "utf8")) as CachedArtifact;
  } catch {
    return null;
  }
}

async function writeCache(artifact: CachedArtifact): Promise<void> {
  await mkdir(dirname(CACHE_PATH), { recursive: true });
  // Parallel test workers may compile at once: rename makes each write all-or-nothing.
  const temporary = `${CACHE_PATH}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(artifact, null, 2)}\n`);
  await rename(temporary, CACHE_PATH);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const artifact = await loadTokenArtifact();
  console.log(`TuBE compiled: ${(artifact.bytecode.length - 2) / 2} bytes of init code → ${CACHE_PATH}`);
}
