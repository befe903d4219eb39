import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { CopyableValue } from "../../../components/ui/copyable-value.tsx";
import { useWalletIntent } from "../wallet-loading.ts";
import { isWaitingFor, useWalletState } from "../wallet-state.tsx";
import { ConnectWait } from "./connect-wait.tsx";
import { SignInWithGoogleButton } from "./sign-in-with-google-button.tsx";
import { WalletErrorText } from "./wallet-error-text.tsx";

/** Step 0's wallet panel in its three states (docs/product.md#wallet-indicator). */
export function WalletPanel() {
  const wallet = useWalletState();
  const { address, isConnected, isCorrectNetwork, connect, switchNetwork } = wallet;
  const intent = useWalletIntent();

  if (!isConnected || !address) {
    // Verify needs a wallet, so the embedded one is offered here too: a visitor without MetaMask must not get stuck.
    return (
      <Stack gap="2">
        <Button
          variant="outline"
          colorPalette="blue"
          width="full"
          onClick={() => void connect()}
          loading={isWaitingFor(wallet, "wallet")}
          {...intent}
        >
          Connect Wallet to Claim Tokens
        </Button>
        <SignInWithGoogleButton />
        <ConnectWait />
        <WalletErrorText />
      </Stack>
    );
  }
  if (!isCorrectNetwork) {
    return (
      <Box borderWidth="1px" borderColor="yellow.emphasized" bg="yellow.subtle" rounded="md" padding="3">
        <Text fontWeight="semibold">Wrong Network</Text>
        <Text fontSize="sm">Your wallet needs to be on Arbitrum network</Text>
        <Button marginTop="2" size="sm" colorPalette="yellow" onClick={() => void switchNetwork()}>
          Switch to Arbitrum Network
        </Button>
      </Box>
    );
  }
  return (
    <Box borderWidth="1px" borderColor="green.emphasized" bg="green.subtle" rounded="md" padding="3">
      <Text fontWeight="semibold">Wallet Connected</Text>
      <Text fontSize="sm">Ready to claim tokens on Arbitrum network</Text>
      <Text fontSize="sm" marginTop="1">
        <CopyableValue value={address} label="wallet address" />
      </Text>
    </Box>
  );
}
