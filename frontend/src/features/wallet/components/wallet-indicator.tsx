import { Badge, Button } from "@chakra-ui/react";
import { ARBITRUM_ONE_CHAIN_ID, ARBITRUM_ONE_NAME } from "@tube/common/constants";
import { Suspense, useEffect } from "react";
import type { TooltipProps } from "../../../components/ui/tooltip.tsx";
import { shortenAddress } from "../../../lib/format.ts";
import { lazyOrElse } from "../../../lib/lazy-or-else.ts";
import { useWalletIntent, useWalletLoading } from "../wallet-loading.ts";
import { isWaitingFor, useWalletState } from "../wallet-state.tsx";

/** Not in /claim's first download: only a connected wallet shows it. */
const loadTooltip = () => import("../../../components/ui/tooltip.tsx").then((module) => module.Tooltip);
const Tooltip = lazyOrElse(loadTooltip, ({ children }: TooltipProps) => children);

export function WalletIndicator() {
  const wallet = useWalletState();
  const { address, isConnected, isCorrectNetwork, connect, switchNetwork } = wallet;
  const intent = useWalletIntent();
  const { status } = useWalletLoading();
  useEffect(() => {
    // A failed download is dealt with when the tooltip renders.
    if (status !== "idle") loadTooltip().catch(() => undefined);
  }, [status]);

  const connectButton = (loading: boolean) => (
    // Quiet: each step offers the same action as its own next thing to do.
    <Button
      size="sm"
      variant="outline"
      onClick={() => void connect()}
      loading={loading}
      loadingText="Connect Wallet"
      {...intent}
    >
      Connect Wallet
    </Button>
  );
  if (!isConnected || !address) return connectButton(isWaitingFor(wallet, "wallet"));
  return (
    // Until the tooltip arrives, look connecting: a trigger swapped later would take the focus with it.
    <Suspense fallback={connectButton(true)}>
      {isCorrectNetwork ? (
        // Focusable, so keyboard users can read the full address too.
        <Tooltip content={address}>
          <Badge colorPalette="green" size="lg" variant="solid" tabIndex={0}>
            Connected: {shortenAddress(address)}
          </Badge>
        </Tooltip>
      ) : (
        <Tooltip
          content={`Your wallet is on another network. This asks it to switch to ${ARBITRUM_ONE_NAME} (chain ${ARBITRUM_ONE_CHAIN_ID}).`}
        >
          <Button size="sm" colorPalette="yellow" onClick={() => void switchNetwork()}>
            Switch to Arbitrum
          </Button>
        </Tooltip>
      )}
    </Suspense>
  );
}
