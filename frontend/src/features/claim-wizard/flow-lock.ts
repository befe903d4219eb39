import { useState } from "react";

/**
 * One flow at a time: verifying, claiming, or following a claim until it settles. A press while one runs does
 * nothing. Taken and released synchronously, so a double click cannot start two before React renders again.
 */
export interface FlowLock {
  readonly held: boolean;
  take(): void;
  release(): void;
}

export function useFlowLock(heldAtStart: boolean): FlowLock {
  const [lock] = useState(() => {
    let held = heldAtStart;
    return {
      get held() {
        return held;
      },
      take() {
        held = true;
      },
      release() {
        held = false;
      },
    };
  });
  return lock;
}
