import { hash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Abi } from "thirdweb/utils";

export type ContractName = "TuBE" | "TuBERewards" | "Multicall3";

export interface ContractArtifact {
  abi: Abi;
  bytecode: `0x${string}`;
  /** The code a deployment leaves on chain, zeros where the `immutable` variables go. */
  deployedBytecode: `0x${string}`;
  /** Byte ranges of the immutable variables in `deployedBytecode`. */
  immutableRanges: Array<{ start: number; length: number }>;
}

type ContractArtifacts = Record<ContractName, ContractArtifact>;

const require = createRequire(import.meta.url);
/** Under `contracts/`; stand-ins/ holds what only the local chain deploys. */
const SOURCES: Record<ContractName, string> = {
  TuBE: "TuBE.sol",
  TuBERewards: "TuBERewards.sol",
  Multicall3: "stand-ins/Multicall3.sol",
};
const CONTRACT_NAMES = Object.keys(SOURCES) as ContractName[];
const CONTRACTS_DIR = new URL("../../contracts/", import.meta.url);
const CACHE_PATH = fileURLToPath(new URL("build/contracts.json", CONTRACTS_DIR));

// Arbitrum One does not run solc 0.8.37's default (osaka) yet.
const SETTINGS = {
  evmVersion: "cancun",
  optimizer: { enabled: true, runs: 200 },
  outputSelection: {
    "*": {
      "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object", "evm.deployedBytecode.immutableReferences"],
    },
  },
} as const;

interface SolcContract {
  abi: Abi;
  evm: {
    bytecode: { object: string };
    deployedBytecode: { object: string; immutableReferences: Record<string, Array<{ start: number; length: number }>> };
  };
}

/** A compiled contract of `contracts/`; all recompile when an input changed. */
export async function loadContractArtifact(name: ContractName) {
  return (await loadContractArtifacts())[name];
}

async function loadContractArtifacts() {
  const sources = Object.fromEntries(
    await Promise.all(
      Object.values(SOURCES).map(async (file) => [file, await readFile(new URL(file, CONTRACTS_DIR), "utf8")]),
    ),
  ) as Record<string, string>;
  const versions = ["solc", "@openzeppelin/contracts"].map(
    (name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`,
  );
  const inputsHash = hash("sha256", JSON.stringify({ sources, versions, SETTINGS }));
  const cached = await readFile(CACHE_PATH, "utf8").then(
    (text) => JSON.parse(text) as { inputsHash: string; contracts: ContractArtifacts },
    () => null,
  );
  if (cached?.inputsHash === inputsHash) return cached.contracts;

  const contracts = await compile(sources);
  await mkdir(dirname(CACHE_PATH), { recursive: true });
  // Parallel workers may compile at once: rename makes each write whole.
  const temporary = `${CACHE_PATH}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ inputsHash, contracts }, null, 2)}\n`);
  await rename(temporary, CACHE_PATH);
  return contracts;
}

async function compile(sources: Record<string, string>) {
  // solc's compiler image is large: loaded only on a cache miss.
  const { default: solc } = await import("solc");
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: resolveImport })) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts?: Record<string, Record<string, SolcContract>>;
  };
  const errors = (output.errors ?? []).filter((entry) => entry.severity === "error");
  if (errors.length > 0)
    throw new Error(`contracts/ does not compile:\n${errors.map((entry) => entry.formattedMessage).join("\n")}`);
  const artifact = (name: ContractName): [ContractName, ContractArtifact] => {
    const contract = output.contracts?.[SOURCES[name]]?.[name];
    if (!contract) throw new Error(`solc produced no ${name} contract`);
    const { bytecode, deployedBytecode } = contract.evm;
    const immutableRanges = Object.values(deployedBytecode.immutableReferences).flat();
    return [
      name,
      {
        abi: contract.abi,
        bytecode: `0x${bytecode.object}`,
        deployedBytecode: `0x${deployedBytecode.object}`,
        immutableRanges,
      },
    ];
  };
  return Object.fromEntries(CONTRACT_NAMES.map(artifact)) as ContractArtifacts;
}

function resolveImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(path), "utf8") };
  } catch (error) {
    return { error: `cannot resolve ${path}: ${String(error)}` };
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const artifacts = await loadContractArtifacts();
  for (const name of CONTRACT_NAMES)
    console.log(`${name} compiled: ${(artifacts[name].bytecode.length - 2) / 2} bytes of init code`);
  console.log(`→ ${CACHE_PATH}`);
}
