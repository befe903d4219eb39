import { raiseHead, readAnvilState, taggedBlocks, writeAnvilState } from "./anvil-state.ts";
import { startAnvil, type RunningAnvil } from "./anvil.ts";

/** An old chain in a second: raises the head in `anvil`'s state file by `blocks` and restarts it at the same URL. */
export async function restartAnvilAged(anvil: RunningAnvil, blocks: number) {
  const { stateFile, slotsInAnEpoch } = anvil.options;
  if (!stateFile) throw new Error("restartAnvilAged needs an anvil started with a stateFile");
  if (!Number.isSafeInteger(blocks) || blocks < 1) throw new Error(`cannot age a chain by ${blocks} blocks`);
  await anvil.stop();
  const state = await readAnvilState(stateFile);
  raiseHead(state, blocks, { tail: taggedBlocks(slotsInAnEpoch), timestamp: Math.floor(Date.now() / 1000) });
  await writeAnvilState(stateFile, state);
  return startAnvil(anvil.options);
}
