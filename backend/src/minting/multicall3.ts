import { MULTICALL3_ADDRESS } from "@tube/common/constants";

/** `aggregate3((address,bool,bytes)[])`: the first 4 bytes of its keccak-256 (a test recomputes it). */
export const AGGREGATE3_SELECTOR = "0x82ad56cb";

/** One `eth_call` to Multicall3 carrying many reads, which a provider counts as one; each may fail on its own. */
export function aggregate3Call(calls: readonly { target: string; callData: string }[]): {
  method: string;
  params: unknown[];
} {
  return { method: "eth_call", params: [{ to: MULTICALL3_ADDRESS, data: encodeAggregate3(calls) }, "latest"] };
}

/** Solidity's ABI encoding of the `Call3[]` argument: an array of (address, bool, bytes) tuples. */
function encodeAggregate3(calls: readonly { target: string; callData: string }[]): string {
  const tuples = calls.map(({ target, callData }) => {
    const bytes = callData.slice(2);
    const padded = bytes.padEnd(Math.ceil(bytes.length / 64) * 64, "0");
    // target, allowFailure, the offset of callData within the tuple (after its three head words), then callData.
    return word(BigInt(target)) + word(1n) + word(96n) + word(BigInt(bytes.length / 2)) + padded;
  });
  let offset = BigInt(calls.length * 32);
  const offsets = tuples.map((tuple) => {
    const at = offset;
    offset += BigInt(tuple.length / 2);
    return word(at);
  });
  return AGGREGATE3_SELECTOR + word(32n) + word(BigInt(calls.length)) + offsets.join("") + tuples.join("");
}

/** `aggregate3`'s answer, `Result[]` of (bool success, bytes returnData), in the order the calls were given. */
export function decodeAggregate3(returned: string): Array<{ success: boolean; returnData: string }> {
  const data = returned.slice(2);
  const at = (byte: number) => Number(BigInt(`0x${data.slice(byte * 2, byte * 2 + 64)}`));
  const array = at(0);
  return Array.from({ length: at(array) }, (_, index) => {
    const tuple = array + 32 + at(array + 32 + index * 32);
    const bytes = tuple + at(tuple + 32);
    return {
      success: at(tuple) !== 0,
      returnData: `0x${data.slice((bytes + 32) * 2, (bytes + 32 + at(bytes)) * 2)}`,
    };
  });
}

function word(value: bigint): string {
  return value.toString(16).padStart(64, "0");
}
