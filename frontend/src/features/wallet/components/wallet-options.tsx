import { Box, Button, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { useEffect, useMemo } from "react";
import { LabelledValue } from "../../../components/ui/copyable-value.tsx";
import { isMobileUserAgent, walletContextHint } from "../connection-route.ts";
import { useWalletLoading } from "../wallet-loading.ts";
import { isWaitingFor, useWalletState } from "../wallet-state.tsx";
import { ConnectWait } from "./connect-wait.tsx";
import { DisconnectWallet } from "./disconnect-wallet.tsx";
import { SignInWithGoogleButton } from "./sign-in-with-google-button.tsx";
import { WalletErrorText } from "./wallet-error-text.tsx";

/** Step 1's wallet choices, or the connected wallet with its actions. Showing them loads the wallet module. */
export function WalletOptions() {
  const wallet = useWalletState();
  const { address, isConnected, isCorrectNetwork, connect, switchNetwork } = wallet;
  const { status, load, pickerTarget } = useWalletLoading();
  const hint = useMemo(
    () => walletContextHint({ userAgent: navigator.userAgent, isMobile: isMobileUserAgent(navigator.userAgent) }),
    [],
  );
  useEffect(load, [load]);

  return (
    <Stack gap="3" aria-busy={status === "loading"}>
      {isConnected && address ? (
        <>
          <LabelledValue label="Connected wallet" value={address} />
          {!isCorrectNetwork && (
            <Button colorPalette="yellow" onClick={() => void switchNetwork()}>
              Switch to Arbitrum Network
            </Button>
          )}
          <DisconnectWallet />
        </>
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted">
            {hint}
          </Text>
          {status === "ready" && (
            <>
              <SignInWithGoogleButton />
              <Button colorPalette="blue" onClick={() => void connect()} loading={isWaitingFor(wallet, "wallet")}>
                Connect Wallet
              </Button>
              {/* thirdweb's own picker for every other wallet, rendered here by the wallet module. */}
              <Box ref={pickerTarget} />
            </>
          )}
          {(status === "idle" || status === "loading") && (
            <HStack role="status" gap="2" justifyContent="center" paddingY="2">
              <Spinner size="sm" />
              <Text fontSize="sm">Loading wallet options…</Text>
            </HStack>
          )}
          {status === "failed" && (
            <Button colorPalette="blue" variant="outline" onClick={load}>
              Try again
            </Button>
          )}
        </>
      )}
      {!isConnected && <ConnectWait />}
      <WalletErrorText />
    </Stack>
  );
}
