import { Badge, Button } from "@chakra-ui/react";
import { shortenAddress } from "../../../lib/format.ts";
import { useWalletState } from "../wallet-state.tsx";

/** The wizard header's wallet slot: connect, switch network, or the connected badge. */
export function WalletIndicator() {
  const { address, isConnected, isCorrectNetwork, isConnecting, connect, switchNetwork } = useWalletState();

  if (!isConnected || !address) {
    return (
      <Button size="sm" colorPalette="blue" onClick={() => void connect()} loading={isConnecting}>
        Connect Wallet
      </Button>
    );
  }
  if (!isCorrectNetwork) {
    return (
      <Button size="sm" colorPalette="yellow" onClick={() => void switchNetwork()}>
        Switch to Arbitrum
      </Button>
    );
  }
  return (
    <Badge colorPalette="green" size="lg" variant="solid">
      Connected: {shortenAddress(address)}
    </Badge>
  );
}
