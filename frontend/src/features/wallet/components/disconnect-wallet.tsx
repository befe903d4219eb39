import { DescribedButton } from "../../../components/ui/described-button.tsx";
import { useWalletState } from "../wallet-state.tsx";

/**
 * 'Disconnect Wallet', with what it is for and what it leaves alone: a visitor who wants another wallet to receive
 * the tokens must see how, and that their Google authorization survives it.
 */
export function DisconnectWallet() {
  const { disconnect } = useWalletState();
  return (
    <DescribedButton
      variant="outline"
      onClick={() => void disconnect()}
      description="To claim with another wallet, press 'Disconnect Wallet' and connect the other one, or switch accounts in your wallet. Your Google account and username stay as they are."
    >
      Disconnect Wallet
    </DescribedButton>
  );
}
