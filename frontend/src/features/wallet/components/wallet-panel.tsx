import { Box, Button, Separator, HStack, Stack, Text } from "@chakra-ui/react";
import { CopyableValue } from "../../../components/ui/copyable-value.tsx";
import { DescribedButton } from "../../../components/ui/described-button.tsx";
import { useWalletIntent } from "../wallet-loading.ts";
import { isWaitingFor, useWalletState } from "../wallet-state.tsx";
import { ConnectWait } from "./connect-wait.tsx";
import { DisconnectWallet } from "./disconnect-wallet.tsx";
import { SignInWithGoogleButton } from "./sign-in-with-google-button.tsx";
import { WalletErrorText } from "./wallet-error-text.tsx";

/** Step 0's wallet panel in its three states (docs/product.md#step-1-subscribe-and-verify). */
export function WalletPanel() {
  const wallet = useWalletState();
  const { address, isConnected, isCorrectNetwork, connect, switchNetwork } = wallet;
  const intent = useWalletIntent();

  if (!isConnected || !address) {
    // Verify needs a wallet, so the embedded one is offered here too: a visitor without MetaMask must not get stuck.
    // The two ways in are apart, each with what it is for, so neither Google button is taken for the other.
    return (
      <Stack gap="3">
        <DescribedButton
          colorPalette="blue"
          width="full"
          onClick={() => void connect()}
          loading={isWaitingFor(wallet, "wallet")}
          description="For a wallet you already have, such as MetaMask."
          {...intent}
        >
          Connect Wallet to Claim Tokens
        </DescribedButton>
        {wallet.connectWithGoogle && (
          <>
            <HStack aria-hidden="true">
              <Separator flex="1" />
              <Text fontSize="sm" color="fg.muted">
                or
              </Text>
              <Separator flex="1" />
            </HStack>
            <SignInWithGoogleButton />
          </>
        )}
        <ConnectWait />
        <WalletErrorText />
      </Stack>
    );
  }
  return (
    <Stack gap="3">
      {isCorrectNetwork ? (
        <Box borderWidth="1px" borderColor="green.emphasized" bg="green.subtle" rounded="md" padding="3">
          <Text fontWeight="semibold">Wallet Connected</Text>
          <Text fontSize="sm">Ready to claim tokens on Arbitrum network</Text>
          <Text fontSize="sm" marginTop="1">
            <CopyableValue value={address} label="wallet address" />
          </Text>
        </Box>
      ) : (
        <Box borderWidth="1px" borderColor="yellow.emphasized" bg="yellow.subtle" rounded="md" padding="3">
          <Text fontWeight="semibold">Wrong Network</Text>
          <Text fontSize="sm">Your wallet needs to be on Arbitrum network</Text>
          <Button marginTop="2" size="sm" colorPalette="yellow" onClick={() => void switchNetwork()}>
            Switch to Arbitrum Network
          </Button>
        </Box>
      )}
      <DisconnectWallet />
    </Stack>
  );
}
