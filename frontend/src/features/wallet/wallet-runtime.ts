/** The seam to the thirdweb wallet module, most of /claim's JavaScript, loaded when needed (ADR 13). */
import type { ComponentType } from "react";
import type { WalletState } from "./wallet-state.tsx";

export interface WalletRuntimeProps {
  onState(state: WalletState): void;
  /** Where the Connect step wants thirdweb's picker, if any. */
  pickerTarget: HTMLElement | null;
}

let download: Promise<ComponentType<WalletRuntimeProps>> | undefined;

/** A failed download is forgotten, so a retry fetches again. */
export function importWalletRuntime() {
  download ??= import("./thirdweb-wallet-runtime.tsx").then(
    (module) => module.default,
    (cause: unknown) => {
      download = undefined;
      throw cause;
    },
  );
  return download;
}

/** Warms the cache; a failure shows only when the page needs the module. */
export function preloadWalletRuntime() {
  importWalletRuntime().catch(() => undefined);
}
