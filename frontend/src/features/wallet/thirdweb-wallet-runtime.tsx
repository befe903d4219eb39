/** The real WalletState on thirdweb v5, loaded when needed beside the page (ADR 13). */
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
import { chooseConnectionRoute, isMobileUserAgent } from "./connection-route.ts";
import {
  NETWORK_SWITCH_TOASTS,
  switchInjectedChain,
  type AddChainParameters,
  type Eip1193Requester,
} from "./network-switch.ts";
import {
  CONNECT_TIMEOUT_SECONDS,
  connectTimedOut,
  describeConnectError,
  inlineConnectError,
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

// thirdweb's picker is large: it loads only when the Connect step shows its place.
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
  const chainReportRef = useRef<ChainReport & { stop(): void }>(undefined);

  const address = account?.address;
  const isConnected = status === "connected" && address !== undefined;
  const isCorrectNetwork =
    isConnected &&
    activeChain?.id === setup.chain.id &&
    (chainReport?.wallet !== activeWallet || chainReport?.chainId === setup.chain.id);

  useDisconnectedToast(status);

  // A redirect login that came back and connected nothing is said.
  const restoreSettled = autoConnect.isFetched;
  useEffect(() => {
    if (!returned || !restoreSettled) return;
    const failure = redirectLoginFailure(returned, setup.ecosystemRestore());
    if (!failure) return;
    setError(failure.description);
    notify({ type: "error", ...failure });
  }, [restoreSettled, returned, setup]);

  const addChainParameters = useMemo<AddChainParameters>(
    () => ({
      chainId: `0x${setup.chain.id.toString(16)}`,
      chainName: ARBITRUM_ONE_NAME,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: [config.rpcUrl],
      blockExplorerUrls: [config.explorerUrl],
    }),
    [config.explorerUrl, config.rpcUrl, setup.chain.id],
  );

  const switchWalletNetwork = useCallback(
    async (wallet: Wallet, options: { quietSuccess?: boolean } = {}) => {
      const provider = injectedProvider(wallet.id) as Eip1193Requester | undefined;
      if (provider) {
        const outcome = await switchInjectedChain(provider, addChainParameters);
        notify(NETWORK_SWITCH_TOASTS[outcome]);
        // Also for wallets that send no chainChanged event.
        if (outcome === "switched" || outcome === "added")
          await switchActiveWalletChain(setup.chain).catch(() => undefined);
        return;
      }
      // thirdweb logs a failed switch instead of throwing: read the result back, WalletConnect's from its own report.
      await switchActiveWalletChain(setup.chain).catch(() => undefined);
      const report = chainReportRef.current;
      const switched =
        report?.wallet === wallet ? report.chainId === setup.chain.id : wallet.getChain()?.id === setup.chain.id;
      if (!(switched && options.quietSuccess)) notify(NETWORK_SWITCH_TOASTS[switched ? "switched" : "failed"]);
    },
    [addChainParameters, setup.chain, switchActiveWalletChain],
  );

  const afterConnect = useCallback(
    async (wallet: Wallet) => {
      const connectedAddress = wallet.getAccount()?.address;
      if (connectedAddress) {
        notify({ type: "success", title: "Wallet Connected", description: shortenAddress(connectedAddress) });
      }
      if (injectedProvider(wallet.id) || wallet === setup.ecosystem) {
        // On the wrong network, try to switch (docs/product.md#wallet-events).
        if (wallet.getChain()?.id !== setup.chain.id) await switchWalletNetwork(wallet);
        return;
      }
      // Through WalletConnect the network is wrong until the wallet reports ours.
      chainReportRef.current?.stop();
      const stop = wallet.subscribe("chainChanged", (chain) => {
        chainReportRef.current = { wallet, chainId: chain.id, stop };
        setChainReport({ wallet, chainId: chain.id });
      });
      chainReportRef.current = { wallet, stop };
      setChainReport({ wallet });
      await switchWalletNetwork(wallet, { quietSuccess: true });
    },
    [setup.chain.id, setup.ecosystem, switchWalletNetwork],
  );

  const connectWith = useCallback(
    async (via: ConnectAttempt["via"], connectWallet: () => Promise<Wallet>) => {
      const id = ++latestAttempt.current;
      const isLatest = () => latestAttempt.current === id;
      setError(undefined);
      setAttempt({ via, connectWallet, timedOut: false });
      // The SDK has no time-out; a late wallet still connects.
      const timer = setTimeout(() => {
        if (!isLatest()) return;
        setAttempt((current) => current && { ...current, timedOut: true });
        const text = connectTimedOut(via, setup.ecosystem !== undefined);
        setError(text.description);
        notify({ type: "error", ...text });
      }, CONNECT_TIMEOUT_SECONDS * 1000);
      try {
        const wallet = await connectWallet();
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
        clearTimeout(timer);
        if (isLatest()) setAttempt(null);
      }
    },
    [afterConnect, setActiveWallet, setup.ecosystem],
  );

  const connect = useCallback(
    () =>
      connectWith("wallet", async () => {
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
          case "metamask-app":
            await setup.metamask.connect({
              client: setup.client,
              chain: setup.chain,
              walletConnect: walletConnectOptions,
            });
            return setup.metamask;
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

  // The embedded wallet cannot be asked to list a token; a WalletConnect one is asked through its session.
  const addToken = useMemo(() => {
    if (!isConnected || !account || !activeWallet || activeWallet === setup.ecosystem) return undefined;
    const viaWalletConnect = !injectedProvider(activeWallet.id);
    if (!viaWalletConnect && !account.watchAsset) return undefined;
    return async () => {
      // Wallets check the symbol and decimals against the contract: send the contract's own.
      const contract = getContract({ client: setup.client, chain: setup.chain, address: config.tokenAddress });
      const [tokenSymbol, tokenDecimals] = await Promise.all([symbol({ contract }), decimals({ contract })]);
      const token = { address: config.tokenAddress, symbol: tokenSymbol, decimals: tokenDecimals };
      if (viaWalletConnect) return watchAssetOverWalletConnect(setup.chain.id, account.address, token);
      return (await account.watchAsset?.(watchAssetRequest(token).params)) === true;
    };
  }, [account, activeWallet, isConnected, config.tokenAddress, setup]);

  const state = useMemo<WalletState>(
    () => ({
      address: isConnected ? address : undefined,
      isConnected,
      isCorrectNetwork,
      isConnecting:
        (attempt !== null && !attempt.timedOut) || status === "connecting" || (hasRestoreAhead && !restoreSettled),
      connectingVia: attempt && !attempt.timedOut ? attempt.via : undefined,
      retryConnect: attempt?.timedOut ? () => connectWith(attempt.via, attempt.connectWallet) : undefined,
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

interface ChainReport {
  wallet: Wallet;
  chainId?: number;
}

/** A connect under way: which button, whether the page stopped waiting, how to start it again. */
interface ConnectAttempt {
  via: "wallet" | "google";
  connectWallet(): Promise<Wallet>;
  timedOut: boolean;
}

/** Losing the wallet is announced once (docs/product.md#wallet-events). */
function useDisconnectedToast(status: string) {
  const wasConnected = useRef(false);
  useEffect(() => {
    if (status === "connected") {
      wasConnected.current = true;
    } else if (status === "disconnected" && wasConnected.current) {
      wasConnected.current = false;
      notify({ type: "info", title: "Wallet Disconnected", description: "Your wallet has been disconnected." });
    }
  }, [status]);
}
