/** anvil's state file (`--state`, written on a graceful exit). */
import { readFile, rename, writeFile } from "node:fs/promises";
import { keccak256, toRlp, type Hex } from "viem";
import { hex } from "./json-rpc.ts";

/** Without `hash`. */
type Header = Record<string, Hex>;

interface StoredBlock {
  header: Header;
  transactions: unknown[];
  [field: string]: unknown;
}

export interface AnvilState {
  /** The environment of the next block; `number` is the head's. */
  block: { number: Hex; timestamp: Hex; [field: string]: unknown };
  best_block_number: number;
  blocks: StoredBlock[];
  [field: string]: unknown;
}

// An empty block's transactions, receipts and withdrawals root.
const EMPTY_TRIE_ROOT: Hex = "0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421";
const EMPTY_BLOOM: Hex = `0x${"0".repeat(512)}`;

// The header's fields in RLP order; those after `nonce` came with hardforks.
const HEADER_FIELDS = `parentHash sha3Uncles miner stateRoot transactionsRoot receiptsRoot logsBloom difficulty number
  gasLimit gasUsed timestamp extraData mixHash nonce baseFeePerGas withdrawalsRoot blobGasUsed excessBlobGas
  parentBeaconBlockRoot requestsHash`.split(/\s+/);
const QUANTITIES = new Set(
  "difficulty number gasLimit gasUsed timestamp baseFeePerGas blobGasUsed excessBlobGas".split(" "),
);

// anvil's default --slots-in-an-epoch.
const DEFAULT_SLOTS_IN_AN_EPOCH = 32;

/** The latest blocks `safe` (`latest − slots`) and `finalized` (`latest − 2 × slots`) reach. */
export function taggedBlocks(slotsInAnEpoch = DEFAULT_SLOTS_IN_AN_EPOCH) {
  return 2 * slotsInAnEpoch + 1;
}

export async function readAnvilState(file: string) {
  return JSON.parse(await readFile(file, "utf8")) as AnvilState;
}

/** Renamed into place: anvil never loads half a state. */
export async function writeAnvilState(file: string, state: AnvilState) {
  const partial = `${file}.partial`;
  await writeFile(partial, JSON.stringify(state));
  await rename(partial, file);
}

/** Drops empty blocks but the first and the last `keepLatest`; their numbers stay taken. */
export function dropEmptyBlocks(state: AnvilState, keepLatest: number) {
  const before = state.blocks.length;
  const first = state.blocks.reduce((lowest, block) => Math.min(lowest, numberOf(block)), Infinity);
  const keepFrom = state.best_block_number - keepLatest + 1;
  state.blocks = state.blocks.filter((block) => {
    const number = numberOf(block);
    return block.transactions.length > 0 || number === first || number >= keepFrom;
  });
  return before - state.blocks.length;
}

/** Moves the head `blocks` higher, state kept: only the top `tail` are written, empty and linked. */
export function raiseHead(state: AnvilState, blocks: number, options: { tail: number; timestamp: number }) {
  const head = state.blocks.find((block) => numberOf(block) === state.best_block_number);
  if (!head) throw new Error(`the state file has no block ${state.best_block_number}, its head`);
  const top = state.best_block_number + blocks;
  const tail = Math.min(blocks, options.tail);
  const timestamp = hex(Math.max(Number(head.header.timestamp), options.timestamp));
  let parent = head;
  for (let number = top - tail + 1; number <= top; number++) {
    const header: Header = {
      ...parent.header,
      parentHash: headerHash(parent.header),
      number: hex(number),
      timestamp,
      gasUsed: "0x0",
      transactionsRoot: EMPTY_TRIE_ROOT,
      receiptsRoot: EMPTY_TRIE_ROOT,
      logsBloom: EMPTY_BLOOM,
    };
    if (header.withdrawalsRoot) header.withdrawalsRoot = EMPTY_TRIE_ROOT;
    if (header.blobGasUsed) header.blobGasUsed = "0x0";
    parent = { ...parent, header, transactions: [] };
    state.blocks.push(parent);
  }
  state.best_block_number = top;
  state.block = { ...state.block, number: hex(top), timestamp };
}

/** The block hash anvil computes when it loads the header. */
function headerHash(header: Header) {
  const fields: Hex[] = [];
  for (const name of HEADER_FIELDS) {
    const value = header[name];
    if (value === undefined) break;
    fields.push(QUANTITIES.has(name) ? quantity(value) : value);
  }
  return keccak256(toRlp(fields));
}

function numberOf(block: StoredBlock) {
  return Number(block.header.number);
}

// RLP encodes an integer big-endian without leading zeros; zero is the empty string.
function quantity(value: Hex): Hex {
  const digits = BigInt(value).toString(16);
  return digits === "0" ? "0x" : `0x${digits.length % 2 ? "0" : ""}${digits}`;
}
