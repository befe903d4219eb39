/**
 * An old chain in a second. Arbitrum One mines a block every ~250 ms, so a token deployed a year ago sits ~126 million
 * blocks below the head; anvil cannot mine that many (`anvil_mine` of 10,000 blocks takes about a minute and slows as
 * the chain grows). Instead the head is moved up in anvil's state file: the blocks between do not exist, which is
 * what a reader sees of empty blocks (`eth_getLogs` over them answers `[]`), except that `eth_getBlockByNumber`
 * answers null for them.
 */
import { raiseHead, readAnvilState, taggedBlocks, writeAnvilState } from "./anvil-state.ts";
import { startAnvil, type RunningAnvil } from "./anvil.ts";

/**
 * Raises the head of the chain saved in `stateFile` (by a stopped anvil) by `blocks`. The top `2 × slotsInAnEpoch + 1`
 * of them are written as empty blocks, so `safe` and `finalized` resolve at once; code, storage and balances stay.
 */
async function ageChain(stateFile: string, blocks: number, options: { slotsInAnEpoch?: number } = {}): Promise<void> {
  if (!Number.isSafeInteger(blocks) || blocks < 1) throw new Error(`cannot age a chain by ${blocks} blocks`);
  const state = await readAnvilState(stateFile);
  raiseHead(state, blocks, { tail: taggedBlocks(options.slotsInAnEpoch), timestamp: Math.floor(Date.now() / 1000) });
  await writeAnvilState(stateFile, state);
}

/**
 * Stops `anvil` (which must have been started with a `stateFile`), ages its chain by `blocks` and starts it again
 * with the same options, at the same URL. The head afterwards is the old head + `blocks`.
 */
export async function restartAnvilAged(anvil: RunningAnvil, blocks: number): Promise<RunningAnvil> {
  const { stateFile, slotsInAnEpoch } = anvil.options;
  if (!stateFile) throw new Error("restartAnvilAged needs an anvil started with a stateFile");
  await anvil.stop();
  await ageChain(stateFile, blocks, { slotsInAnEpoch });
  return startAnvil(anvil.options);
}
