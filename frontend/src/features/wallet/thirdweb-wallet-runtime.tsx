/** The real WalletState on thirdweb v5, loaded when needed (ADR 13). */
import { ARBITRUM_ONE_NAME } from "@tube/common/constants";
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { getContract } from "thirdweb";
import { symbol } from "thirdweb/extensions/common";
import { decimals } from "thirdweb/extensions/erc20";
import {
  ThirdwebProvider,
  useActiveAccount,
  useActiveWallet,
  useActiveWalletChain,
  useActiveWalletConnectionStatus,
  useAutoConnect,
  useConnect,
  useDisconnect,
  useSwitchActiveWalletChain,
} from "thirdweb/react";
import { createWallet, getInstalledWallets, injectedProvider, type Wallet, type WalletId } from "thirdweb/wallets";
import { notify } from "../../components/ui/toaster.tsx";
import { shortenAddress } from "../../lib/format.ts";
import { usePublicConfig } from "../../lib/public-config.tsx";
import { createThirdwebSetup, type ThirdwebSetup } from "../../lib/thirdweb.ts";
import { chooseConnectionRoute, hintQrOverlay, isMobileUserAgent, watchDeepLink } from "./connection-route.ts";
import {
  isOnChain,
  NETWORK_SWITCH_TOASTS,
  SWITCH_ASKED_TOAST,
  switchInjectedChain,
  type Eip1193Requester,
} from "./network-switch.ts";
import {
  CONNECT_TIMEOUT_SECONDS,
  connectTimedOut,
  describeConnectError,
  inlineConnectError,
  noWalletApp,
  redirectLoginFailure,
  requestInjectedAccounts,
} from "./wallet-errors.ts";
import { ignoreKnownSdkRejections } from "./known-sdk-rejections.ts";
import {
  hasWalletToRestore,
  redirectLoginReturn,
  removeRedirectLoginParameters,
  replaceCredentialEntryOnceRead,
} from "./redirect-login.ts";
import { watchAssetOverWalletConnect, watchAssetRequest } from "./watch-asset.ts";
import type { WalletRuntimeProps } from "./wallet-runtime.ts";
import type { WalletState } from "./wallet-state.tsx";

// thirdweb's picker is large: it loads when the Connect step shows its place.
const MoreWalletsButton = lazy(() => import("./more-wallets-button.tsx"));

export default function ThirdwebWalletRuntime({ onState, pickerTarget }: WalletRuntimeProps) {
  const config = usePublicConfig();
  const setup = useMemo(() => createThirdwebSetup(config), [config]);
  // Read before the SDK changes the address; the layout effect runs before AutoConnect's query.
  const [returned] = useState(() => redirectLoginReturn(window.location));
  useLayoutEffect(() => {
    if (returned === "abandoned") removeRedirectLoginParameters(window);
    return replaceCredentialEntryOnceRead(window);
  }, [returned]);
  useEffect(() => ignoreKnownSdkRejections(window), []);
  useEffect(() => hintQrOverlay(document), []);
  return (
    <ThirdwebProvider>
      <WalletStateBridge setup={setup} returned={returned} onState={onState} pickerTarget={pickerTarget} />
    </ThirdwebProvider>
  );
}

type BridgeProps = WalletRuntimeProps & { setup: ThirdwebSetup; returned: ReturnType<typeof redirectLoginReturn> };

function WalletStateBridge({ setup, returned, onState, pickerTarget }: BridgeProps) {
  const config = usePublicConfig();
  const autoConnect = useAutoConnect({
    client: setup.client,
    wallets: setup.wallets,
    chain: setup.chain,
    timeout: CONNECT_TIMEOUT_SECONDS * 1000,
  });
  const account = useActiveAccount();
  const activeWallet = useActiveWallet();
  const activeChain = useActiveWalletChain();
  const status = useActiveWalletConnectionStatus();
  const connectOptions = useMemo(() => ({ client: setup.client }), [setup.client]);
  const { connect: setActiveWallet } = useConnect(connectOptions);
  const { disconnect: disconnectWallet } = useDisconnect();
  const switchActiveWalletChain = useSwitchActiveWalletChain();
  const [attempt, setAttempt] = useState<ConnectAttempt | null>(null);
  // Only the latest attempt speaks: one the visitor gave up on stays silent.
  const latestAttempt = useRef(0);
  const [error, setError] = useState<string>();
  // Until AutoConnect has settled a wallet may be on its way back.
  const [hasRestoreAhead] = useState(() => hasWalletToRestore(window.location));
  // The chain a WalletConnect wallet last reported: a ref for the switch, state for the page.
  const [chainReport, setChainReport] = useState<ChainReport>();
  const chainReportRef = useRef<ChainReport>(undefined);

  const address = account?.address;
  const isConnected = status === "connected" && address !== undefined;
  const viaWalletConnect = activeWallet !== undefined && isWalletConnected(activeWallet, setup);
  const heard = { heardChainId: chainReport?.wallet === activeWallet ? chainReport?.chainId : undefined };
  const isCorrectNetwork =
    isConnected && isOnChain(setup.chain.id, activeChain?.id, viaWalletConnect ? heard : undefined);

  // Losing the wallet is announced once (docs/product.md#wallet-events).
  const wasConnected = useRef(false);
  useEffect(() => {
    if (status === "connected") {
      wasConnected.current = true;
    } else if (status === "disconnected" && wasConnected.current) {
      wasConnected.current = false;
      notify({ type: "info", title: "Wallet Disconnected", description: "Your wallet has been disconnected." });
    }
  }, [status]);

  // A redirect login that came back and connected nothing is said.
  const restoreSettled = autoConnect.isFetched;
  useEffect(() => {
    if (!returned || !restoreSettled) return;
    const failure = redirectLoginFailure(returned, setup.ecosystemRestore());
    if (!failure) return;
    setError(failure.description);
    notify({ type: "error", ...failure });
  }, [restoreSettled, returned, setup]);

  const switchWalletNetwork = useCallback(
    async (wallet: Wallet, options: { asItConnects?: boolean } = {}) => {
      const provider = injectedProvider(wallet.id) as Eip1193Requester | undefined;
      if (provider) {
        const outcome = await switchInjectedChain(provider, {
          chainId: `0x${setup.chain.id.toString(16)}`,
          chainName: ARBITRUM_ONE_NAME,
          nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
          rpcUrls: [config.rpcUrl],
          blockExplorerUrls: [config.explorerUrl],
        });
        notify(NETWORK_SWITCH_TOASTS[outcome]);
        // Also for wallets that send no chainChanged event.
        if (outcome === "switched" || outcome === "added")
          await switchActiveWalletChain(setup.chain).catch(() => undefined);
        return;
      }
      // thirdweb logs a failed switch instead of throwing: read the result back, WalletConnect's from its own report.
      const switching = switchActiveWalletChain(setup.chain).catch(() => undefined);
      // A session that allows our chain switches at once, reporting it: otherwise the wallet is being asked.
      const asked = !options.asItConnects || chainReportRef.current?.chainId !== setup.chain.id;
      if (asked && options.asItConnects) notify(SWITCH_ASKED_TOAST);
      await switching;
      const report = chainReportRef.current;
      const switched =
        report?.wallet === wallet ? report.chainId === setup.chain.id : wallet.getChain()?.id === setup.chain.id;
      if (asked || !switched) notify(NETWORK_SWITCH_TOASTS[switched ? "switched" : "failed"]);
    },
    [config.explorerUrl, config.rpcUrl, setup.chain, switchActiveWalletChain],
  );

  const afterConnect = useCallback(
    async (wallet: Wallet) => {
      const connectedAddress = wallet.getAccount()?.address;
      if (connectedAddress) {
        notify({ type: "success", title: "Wallet Connected", description: shortenAddress(connectedAddress) });
      }
      // On the wrong network, try to switch (docs/product.md#wallet-events); WalletConnect's once, as it turns active.
      if (isWalletConnected(wallet, setup) || wallet.getChain()?.id === setup.chain.id) return;
      if (wallet !== setup.ecosystem) notify(SWITCH_ASKED_TOAST);
      await switchWalletNetwork(wallet);
    },
    [setup, switchWalletNetwork],
  );

  // Through WalletConnect the network is wrong until the wallet reports ours.
  useEffect(() => {
    if (!activeWallet || !isWalletConnected(activeWallet, setup)) return;
    const stop = activeWallet.subscribe("chainChanged", (chain) => {
      chainReportRef.current = { wallet: activeWallet, chainId: chain.id };
      setChainReport(chainReportRef.current);
    });
    chainReportRef.current = { wallet: activeWallet };
    setChainReport(chainReportRef.current);
    void switchWalletNetwork(activeWallet, { asItConnects: true });
    return stop;
  }, [activeWallet, setup, switchWalletNetwork]);

  const connectWith = useCallback(
    async (via: ConnectAttempt["via"], connectWallet: ConnectAttempt["connectWallet"]) => {
      const id = ++latestAttempt.current;
      const isLatest = () => latestAttempt.current === id;
      setError(undefined);
      setAttempt({ via, connectWallet });
      // The SDK has no time-out; a late wallet still connects.
      let settled = false;
      const stopWaiting = (why: NonNullable<ConnectAttempt["stopped"]>) => {
        if (!isLatest() || settled) return;
        settled = true;
        setAttempt((current) => current && { ...current, stopped: why });
        const canUseGoogle = setup.ecosystem !== undefined;
        const text = why === "timeout" ? connectTimedOut(via, canUseGoogle) : noWalletApp(canUseGoogle);
        setError(text.description);
        notify({ type: "error", ...text });
      };
      const timer = setTimeout(() => stopWaiting("timeout"), CONNECT_TIMEOUT_SECONDS * 1000);
      try {
        const wallet = await connectWallet(() => stopWaiting("no-app"));
        if (!isLatest()) return;
        await setActiveWallet(wallet);
        setError(undefined);
        await afterConnect(wallet);
      } catch (cause) {
        if (!isLatest()) return;
        const text = describeConnectError(cause);
        setError(inlineConnectError(cause));
        notify({ type: "error", ...text });
      } finally {
        settled = true;
        clearTimeout(timer);
        if (isLatest()) setAttempt(null);
      }
    },
    [afterConnect, setActiveWallet, setup.ecosystem],
  );

  const connect = useCallback(
    () =>
      connectWith("wallet", async (nothingOpened) => {
        const installed = getInstalledWallets().map((wallet) => wallet.id);
        const route = chooseConnectionRoute(installed, isMobileUserAgent(navigator.userAgent));
        const walletConnectOptions = { projectId: setup.walletConnectProjectId };
        switch (route.kind) {
          case "injected": {
            const wallet =
              route.walletId === setup.metamask.id ? setup.metamask : createWallet(route.walletId as WalletId);
            const provider = injectedProvider(route.walletId as WalletId) as Eip1193Requester | undefined;
            if (provider) await requestInjectedAccounts(provider);
            // No chain here: afterConnect switches, with its toasts.
            await wallet.connect({ client: setup.client });
            return wallet;
          }
          case "metamask-app": {
            // The SDK's own deep link, watched: on a phone with no wallet app it opens nothing.
            const onDisplayUri = (uri: string) => {
              watchDeepLink(window, nothingOpened);
              window.location.href = `metamask://wc?uri=${encodeURIComponent(uri)}`;
            };
            const walletConnect = { ...walletConnectOptions, onDisplayUri };
            await setup.metamask.connect({ client: setup.client, chain: setup.chain, walletConnect });
            return setup.metamask;
          }
          case "walletconnect":
            await setup.walletConnect.connect({ client: setup.client, chain: setup.chain, ...walletConnectOptions });
            return setup.walletConnect;
        }
      }),
    [connectWith, setup],
  );

  const ecosystem = setup.ecosystem;
  const connectWithGoogle = useMemo(
    () =>
      ecosystem
        ? () =>
            connectWith("google", async () => {
              try {
                // Redirect mode: AutoConnect finishes the login when the page comes back.
                await ecosystem.connect({ client: setup.client, chain: setup.chain, strategy: "google" });
              } catch (cause) {
                // A network failure's own text ("Failed to fetch") means nothing to a visitor.
                const known = cause instanceof Error && cause.message && !(cause instanceof TypeError);
                throw new Error(known ? cause.message : "Failed to login with Google");
              }
              return ecosystem;
            })
        : undefined,
    [connectWith, ecosystem, setup.chain, setup.client],
  );

  const switchNetwork = useCallback(async () => {
    if (activeWallet) await switchWalletNetwork(activeWallet);
  }, [activeWallet, switchWalletNetwork]);

  const disconnect = useCallback(async () => {
    if (!activeWallet) return;
    setError(undefined);
    try {
      disconnectWallet(activeWallet);
    } catch (cause) {
      setError(cause instanceof Error && cause.message ? cause.message : "Failed to disconnect wallet");
    }
  }, [activeWallet, disconnectWallet]);

  // The embedded wallet cannot be asked to list a token.
  const addToken = useMemo(() => {
    if (!isConnected || !account || !activeWallet || activeWallet === setup.ecosystem) return undefined;
    if (!viaWalletConnect && !account.watchAsset) return undefined;
    return async () => {
      // Wallets check the symbol and decimals against the contract: send the contract's own.
      const contract = getContract({ client: setup.client, chain: setup.chain, address: config.tokenAddress });
      const [tokenSymbol, tokenDecimals] = await Promise.all([symbol({ contract }), decimals({ contract })]);
      const token = { address: config.tokenAddress, symbol: tokenSymbol, decimals: tokenDecimals };
      if (viaWalletConnect) return watchAssetOverWalletConnect(setup.chain.id, account.address, token);
      return (await account.watchAsset?.(watchAssetRequest(token).params)) === true;
    };
  }, [account, activeWallet, isConnected, config.tokenAddress, setup, viaWalletConnect]);

  const state = useMemo<WalletState>(
    () => ({
      address: isConnected ? address : undefined,
      isConnected,
      isCorrectNetwork,
      isConnecting:
        (attempt !== null && !attempt.stopped) || status === "connecting" || (hasRestoreAhead && !restoreSettled),
      connectingVia: attempt && !attempt.stopped ? attempt.via : undefined,
      // Not after a deep link that opened nothing: it would open nothing again.
      retryConnect: attempt?.stopped === "timeout" ? () => connectWith(attempt.via, attempt.connectWallet) : undefined,
      error,
      connect,
      connectWithGoogle,
      switchNetwork,
      disconnect,
      addToken,
    }),
    [
      addToken,
      address,
      hasRestoreAhead,
      restoreSettled,
      connect,
      connectWithGoogle,
      disconnect,
      attempt,
      connectWith,
      error,
      isConnected,
      isCorrectNetwork,
      status,
      switchNetwork,
    ],
  );

  useEffect(() => onState(state), [onState, state]);

  if (!pickerTarget) return null;
  return createPortal(
    <Suspense fallback={null}>
      <MoreWalletsButton setup={setup} onConnected={(wallet) => void afterConnect(wallet)} />
    </Suspense>,
    pickerTarget,
  );
}

/** Neither injected nor the embedded wallet: reached through WalletConnect. */
function isWalletConnected(wallet: Wallet, setup: ThirdwebSetup) {
  return wallet !== setup.ecosystem && !injectedProvider(wallet.id);
}

type ChainReport = { wallet: Wallet; chainId?: number };

interface ConnectAttempt {
  via: "wallet" | "google";
  connectWallet(nothingOpened: () => void): Promise<Wallet>;
  stopped?: "timeout" | "no-app";
}
