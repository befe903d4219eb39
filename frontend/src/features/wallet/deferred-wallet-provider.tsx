/** The page's WalletState before the wallet module loads (ADR 13): a connect loads it. */
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from "react";
import { isEcosystemId } from "../../lib/ecosystem-id.ts";
import { usePublicConfig } from "../../lib/public-config.tsx";
import { WALLET_MODULE_FAILED } from "./wallet-errors.ts";
import { WalletLoadingContext, type WalletModuleStatus } from "./wallet-loading.ts";
import { importWalletRuntime, preloadWalletRuntime, type WalletRuntimeProps } from "./wallet-runtime.ts";
import { WalletStateContext, type WalletState } from "./wallet-state.tsx";

async function nothingToDo() {}

export function DeferredWalletProvider({ loadAtOnce, children }: { loadAtOnce: boolean; children: ReactNode }) {
  const { ecosystemId } = usePublicConfig();
  const [status, setStatus] = useState<WalletModuleStatus>(loadAtOnce ? "loading" : "idle");
  const [Runtime, setRuntime] = useState<ComponentType<WalletRuntimeProps>>();
  const [live, setLive] = useState<WalletState | null>(null);
  const [pickerTarget, setPickerTarget] = useState<HTMLElement | null>(null);
  const waiters = useRef<((state: WalletState | null) => void)[]>([]);
  const latestLive = useRef(live);

  const load = useCallback(
    () => setStatus((current) => (current === "idle" || current === "failed" ? "loading" : current)),
    [],
  );

  useEffect(() => {
    if (status !== "loading") return;
    importWalletRuntime().then(
      (component) => {
        setRuntime(() => component);
        setStatus("ready");
      },
      () => setStatus("failed"),
    );
  }, [status]);

  // A waiting connect runs on the first state; after a failed download it is dropped.
  useEffect(() => {
    latestLive.current = live;
    if (live === null && status !== "failed") return;
    for (const resolve of waiters.current.splice(0)) resolve(live);
  }, [live, status]);

  const whenLive = useCallback(
    () =>
      new Promise<WalletState | null>((resolve) => {
        // A click may still hold this placeholder when the module's state has just arrived.
        if (latestLive.current) return resolve(latestLive.current);
        waiters.current.push(resolve);
        load();
      }),
    [load],
  );

  const hasEcosystem = isEcosystemId(ecosystemId);
  const notYetLoaded = useMemo<WalletState>(
    () => ({
      isConnected: false,
      isCorrectNetwork: false,
      // A remembered wallet may be on its way back.
      isConnecting: status === "loading" || status === "ready",
      error: status === "failed" ? WALLET_MODULE_FAILED : undefined,
      connect: async () => (await whenLive())?.connect(),
      connectWithGoogle: hasEcosystem ? async () => (await whenLive())?.connectWithGoogle?.() : undefined,
      switchNetwork: nothingToDo,
      disconnect: nothingToDo,
    }),
    [hasEcosystem, status, whenLive],
  );

  const loading = useMemo(
    () => ({ status, load, preload: preloadWalletRuntime, pickerTarget: setPickerTarget }),
    [status, load],
  );

  return (
    <WalletLoadingContext.Provider value={loading}>
      <WalletStateContext.Provider value={live ?? notYetLoaded}>{children}</WalletStateContext.Provider>
      {Runtime && <Runtime onState={setLive} pickerTarget={pickerTarget} />}
    </WalletLoadingContext.Provider>
  );
}
