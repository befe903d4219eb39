import { Button, Stack, Text } from "@chakra-ui/react";
import { lazy, Suspense, useMemo } from "react";
import { isMobileUserAgent } from "../connection-route.ts";
import { walletContextHint } from "../wallet-hint.ts";
import { useWalletState } from "../wallet-state.tsx";
import { SignInWithGoogleButton } from "./sign-in-with-google-button.tsx";
import { WalletErrorText } from "./wallet-error-text.tsx";

// thirdweb's picker UI is large; it loads only when this step shows it.
const MoreWalletsButton = lazy(() => import("../more-wallets-button.tsx"));

/** Step 1's wallet choices, or the connected wallet with its actions. */
export function WalletOptions() {
  const { address, isConnected, isCorrectNetwork, isConnecting, connect, switchNetwork, disconnect } = useWalletState();
  const hint = useMemo(
    () => walletContextHint({ userAgent: navigator.userAgent, isMobile: isMobileUserAgent(navigator.userAgent) }),
    [],
  );

  return (
    <Stack gap="3">
      {isConnected && address ? (
        <>
          <Text fontSize="sm">
            Connected wallet:{" "}
            <Text as="span" fontFamily="mono" wordBreak="break-all">
              {address}
            </Text>
          </Text>
          {!isCorrectNetwork && (
            <Button colorPalette="yellow" onClick={() => void switchNetwork()}>
              Switch to Arbitrum Network
            </Button>
          )}
          <Button variant="outline" onClick={() => void disconnect()}>
            Disconnect Wallet
          </Button>
        </>
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted">
            {hint}
          </Text>
          <SignInWithGoogleButton />
          <Button colorPalette="blue" onClick={() => void connect()} loading={isConnecting}>
            Connect Wallet
          </Button>
          <Suspense fallback={null}>
            <MoreWalletsButton />
          </Suspense>
        </>
      )}
      <WalletErrorText />
    </Stack>
  );
}
