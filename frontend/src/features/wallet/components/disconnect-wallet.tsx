import { Button, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { useWalletState } from "../wallet-state.tsx";

/**
 * 'Disconnect Wallet', with what it is for and what it leaves alone: a visitor who wants another wallet to receive
 * the tokens must see how, and that their Google authorization survives it.
 */
export function DisconnectWallet() {
  const { disconnect } = useWalletState();
  const hintId = useId();
  return (
    <Stack gap="1">
      <Button variant="outline" onClick={() => void disconnect()} aria-describedby={hintId}>
        Disconnect Wallet
      </Button>
      <Text id={hintId} fontSize="sm" color="fg.muted">
        To claim with another wallet, press &apos;Disconnect Wallet&apos; and connect the other one, or switch accounts
        in your wallet. Your Google account and username stay as they are.
      </Text>
    </Stack>
  );
}
