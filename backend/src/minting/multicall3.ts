import * as AbiFunction from "ox/AbiFunction";
import { MULTICALL3_ADDRESS } from "@tube/common/constants";

const AGGREGATE3 = AbiFunction.from(
  "function aggregate3((address target, bool allowFailure, bytes callData)[] calls) returns ((bool success, bytes returnData)[])",
);
/** `aggregate3((address,bool,bytes)[])`'s selector (a test recomputes it). */
export const AGGREGATE3_SELECTOR = AbiFunction.getSelector(AGGREGATE3);

/** One `eth_call` to Multicall3 carrying many reads, which a provider counts as one; each may fail on its own. */
export function aggregate3Call(calls: readonly { target: string; callData: string }[]) {
  const call3s = calls.map(({ target, callData }) => ({
    target: target as `0x${string}`,
    allowFailure: true,
    callData: callData as `0x${string}`,
  }));
  return {
    method: "eth_call",
    params: [{ to: MULTICALL3_ADDRESS, data: AbiFunction.encodeData(AGGREGATE3, [call3s]) }, "latest"],
  };
}

/** `aggregate3`'s answer, a (success, returnData) for each call, in the order given. */
export function decodeAggregate3(returned: string): readonly { success: boolean; returnData: string }[] {
  return AbiFunction.decodeResult(AGGREGATE3, returned as `0x${string}`);
}
