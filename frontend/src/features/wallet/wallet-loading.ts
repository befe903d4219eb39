/** Whether the wallet module is there yet (ADR 13); without a DeferredWalletProvider it counts as loaded. */
import { createContext, useContext, useEffect, useMemo } from "react";

export type WalletModuleStatus = "idle" | "loading" | "ready" | "failed";

interface WalletLoading {
  status: WalletModuleStatus;
  load(): void;
  preload(): void;
  pickerTarget(element: HTMLElement | null): void;
}

function nothing() {}

const ALREADY_LOADED: WalletLoading = { status: "ready", load: nothing, preload: nothing, pickerTarget: nothing };

export const WalletLoadingContext = createContext<WalletLoading>(ALREADY_LOADED);

export function useWalletLoading() {
  return useContext(WalletLoadingContext);
}

/** Pointing or tabbing to a wallet button fetches the module's code. */
export function useWalletIntent() {
  const { preload } = useWalletLoading();
  return useMemo(() => ({ onPointerEnter: preload, onFocus: preload }), [preload]);
}

/** While `wanted`, fetches the module's code once the browser is idle (Safari has no requestIdleCallback). */
export function usePreloadWhenIdle(wanted: boolean) {
  const { preload } = useWalletLoading();
  useEffect(() => {
    if (!wanted) return;
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(preload);
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(preload, 1_000);
    return () => clearTimeout(handle);
  }, [preload, wanted]);
}
