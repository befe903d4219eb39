import { Badge, Button } from "@chakra-ui/react";
import { ARBITRUM_ONE_CHAIN_ID, ARBITRUM_ONE_NAME } from "@tube/common/constants";
import { Tooltip } from "../../../components/ui/tooltip.tsx";
import { shortenAddress } from "../../../lib/format.ts";
import { useWalletIntent } from "../wallet-loading.ts";
import { useWalletState } from "../wallet-state.tsx";

/** The wizard header's wallet slot: connect, switch network, or the connected badge. */
export function WalletIndicator() {
  const { address, isConnected, isCorrectNetwork, isConnecting, connect, switchNetwork } = useWalletState();
  const intent = useWalletIntent();

  if (!isConnected || !address) {
    return (
      <Button size="sm" colorPalette="blue" onClick={() => void connect()} loading={isConnecting} {...intent}>
        Connect Wallet
      </Button>
    );
  }
  if (!isCorrectNetwork) {
    return (
      <Tooltip
        content={`Your wallet is on another network. This asks it to switch to ${ARBITRUM_ONE_NAME} (chain ${ARBITRUM_ONE_CHAIN_ID}).`}
      >
        <Button size="sm" colorPalette="yellow" onClick={() => void switchNetwork()}>
          Switch to Arbitrum
        </Button>
      </Tooltip>
    );
  }
  return (
    // Focusable so keyboard users can read the full address in the tooltip too.
    <Tooltip content={address}>
      <Badge colorPalette="green" size="lg" variant="solid" tabIndex={0}>
        Connected: {shortenAddress(address)}
      </Badge>
    </Tooltip>
  );
}
