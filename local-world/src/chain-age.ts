/**
 * An old chain in a second: a year of Arbitrum One is ~126 million blocks, too many for anvil to mine, so the head is
 * moved up in anvil's state file. The blocks between do not exist: `eth_getLogs` answers `[]`, `eth_getBlockByNumber` null.
 */
import { raiseHead, readAnvilState, taggedBlocks, writeAnvilState } from "./anvil-state.ts";
import { startAnvil, type RunningAnvil } from "./anvil.ts";

/**
 * Stops `anvil` (started with a `stateFile`), raises its head by `blocks` (the top `2 × slotsInAnEpoch + 1` written
 * empty, so `safe` and `finalized` resolve at once) and starts it again with the same options, at the same URL.
 */
export async function restartAnvilAged(anvil: RunningAnvil, blocks: number): Promise<RunningAnvil> {
  const { stateFile, slotsInAnEpoch } = anvil.options;
  if (!stateFile) throw new Error("restartAnvilAged needs an anvil started with a stateFile");
  if (!Number.isSafeInteger(blocks) || blocks < 1) throw new Error(`cannot age a chain by ${blocks} blocks`);
  await anvil.stop();
  const state = await readAnvilState(stateFile);
  raiseHead(state, blocks, { tail: taggedBlocks(slotsInAnEpoch), timestamp: Math.floor(Date.now() / 1000) });
  await writeAnvilState(stateFile, state);
  return startAnvil(anvil.options);
}
