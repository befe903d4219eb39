/**
 * anvil's state file (`--state`, written on a graceful exit): the one module that knows its shape, as anvil 1.7.1
 * writes it. The fields read here are the ones anvil needs to load a chain; a test loads what this module writes, so
 * a change of format on an anvil upgrade fails there.
 */
import { readFile, rename, writeFile } from "node:fs/promises";

type Hex = `0x${string}`;

/** A block header as anvil stores it (the JSON-RPC block's fields, without `hash`). */
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

// anvil's --slots-in-an-epoch when not given.
const DEFAULT_SLOTS_IN_AN_EPOCH = 32;

/** The latest blocks the `safe` and `finalized` tags reach: anvil answers `latest − slots` and `latest − 2 × slots`. */
export function taggedBlocks(slotsInAnEpoch = DEFAULT_SLOTS_IN_AN_EPOCH): number {
  return 2 * slotsInAnEpoch + 1;
}

export async function readAnvilState(file: string): Promise<AnvilState> {
  return JSON.parse(await readFile(file, "utf8")) as AnvilState;
}

/** Writes beside the file and renames: a failure never leaves anvil half a state to load. */
export async function writeAnvilState(file: string, state: AnvilState): Promise<void> {
  const partial = `${file}.partial`;
  await writeFile(partial, JSON.stringify(state));
  await rename(partial, file);
}

/**
 * Drops the empty blocks that are neither the first nor among the last `keepLatest`: anvil keeps every block in the
 * file, about 1.75 KB each, so a day of 250 ms blocks is some 560 MB that takes seconds to load. The numbers of the
 * dropped blocks stay taken: `eth_getLogs` over them answers `[]`, `eth_getBlockByNumber` null.
 */
export function dropEmptyBlocks(state: AnvilState, keepLatest: number): number {
  const before = state.blocks.length;
  const first = state.blocks.reduce((lowest, block) => Math.min(lowest, numberOf(block)), Infinity);
  const keepFrom = state.best_block_number - keepLatest + 1;
  state.blocks = state.blocks.filter((block) => {
    const number = numberOf(block);
    return block.transactions.length > 0 || number === first || number >= keepFrom;
  });
  return before - state.blocks.length;
}

function numberOf(block: StoredBlock): number {
  return Number(block.header.number);
}
