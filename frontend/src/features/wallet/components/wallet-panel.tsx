import { Box, Button, HStack, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { CopyableValue, LabelledValue } from "../../../components/ui/copyable-value.tsx";
import { DescribedButton } from "../../../components/ui/described-button.tsx";
import { isMobileUserAgent, walletContextHint } from "../connection-route.ts";
import { CONNECT_TIMEOUT_SECONDS } from "../wallet-errors.ts";
import { useWalletIntent, useWalletLoading } from "../wallet-loading.ts";
import { isWaitingFor, useWalletState } from "../wallet-state.tsx";

/** Step 0's wallet panel in its three states (docs/product.md#step-1-subscribe-and-verify). */
export function WalletPanel() {
  const { address, isConnected, isCorrectNetwork, switchNetwork } = useWalletState();

  if (!isConnected || !address) {
    // Verify needs a wallet, so the embedded one is offered here too; the full name tells it from the header's button
    // and is the button's own, so a screen reader hears the line once.
    return (
      <Stack gap="3">
        <Text fontSize="sm" aria-hidden>
          Connect Wallet to Claim Tokens
        </Text>
        <WalletChoice connectName="Connect Wallet to Claim Tokens" />
        <ConnectWait />
        <WalletErrorText />
      </Stack>
    );
  }
  const [palette, title, text] = isCorrectNetwork
    ? ["green", "Wallet Connected", "Ready to claim tokens on Arbitrum network"]
    : ["yellow", "Wrong Network", "Your wallet needs to be on Arbitrum network"];
  return (
    <Stack gap="3">
      <Box borderWidth="1px" borderColor={`${palette}.emphasized`} bg={`${palette}.subtle`} rounded="md" padding="3">
        <Text fontWeight="semibold">{title}</Text>
        <Text fontSize="sm">{text}</Text>
        {isCorrectNetwork ? (
          <Text fontSize="sm" marginTop="1">
            <CopyableValue value={address} label="wallet address" />
          </Text>
        ) : (
          <Button marginTop="2" size="sm" colorPalette="yellow" onClick={() => void switchNetwork()}>
            Switch to Arbitrum Network
          </Button>
        )}
      </Box>
      <DisconnectWallet />
    </Stack>
  );
}

/** Step 1's wallet choices, or the connected wallet. Showing them loads the wallet module. */
export function WalletOptions() {
  const { address, isConnected, isCorrectNetwork, switchNetwork } = useWalletState();
  const { status, load, pickerTarget } = useWalletLoading();
  const hint = walletContextHint(navigator.userAgent, isMobileUserAgent(navigator.userAgent));
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
              <WalletChoice />
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

function ConnectWait() {
  const { connectingVia, retryConnect } = useWalletState();
  const tryAgain = useRef<HTMLButtonElement>(null);
  const stoppedWaiting = retryConnect !== undefined;
  // On a phone this may be below the fold.
  useEffect(() => {
    if (stoppedWaiting) tryAgain.current?.scrollIntoView?.({ block: "center" });
  }, [stoppedWaiting]);
  if (retryConnect)
    return (
      <Button ref={tryAgain} variant="outline" colorPalette="blue" onClick={() => void retryConnect()}>
        Try again
      </Button>
    );
  if (!connectingVia) return null;
  return (
    <Text role="status" fontSize="sm" color="fg.muted">
      Waiting for {connectingVia === "wallet" ? "your wallet to answer" : "Google sign-in"} (up to{" "}
      {CONNECT_TIMEOUT_SECONDS} seconds)…
    </Text>
  );
}

function DisconnectWallet() {
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

/** The two ways in, side by side and in the same order on both steps. */
function WalletChoice({ connectName }: { connectName?: string }) {
  const wallet = useWalletState();
  const intent = useWalletIntent();
  return (
    <SimpleGrid columns={wallet.connectWithGoogle ? 2 : 1} gap="3" alignItems="start">
      <DescribedButton
        variant="outline"
        width="full"
        onClick={() => void wallet.connect()}
        loading={isWaitingFor(wallet, "wallet")}
        // Chakra hides the label behind the spinner, leaving the button nameless.
        loadingText="Connect Wallet"
        aria-label={connectName}
        description="For a wallet you already have, such as MetaMask."
        {...intent}
      >
        Connect Wallet
      </DescribedButton>
      {wallet.connectWithGoogle && (
        // Unlike the Subscribe step's 'Connect with Google', this one makes a wallet.
        <DescribedButton
          variant="outline"
          width="full"
          onClick={() => void wallet.connectWithGoogle?.()}
          disabled={isWaitingFor(wallet, "google")}
          description="To create a wallet with your Google account, if you have none."
          {...intent}
        >
          Sign in with Google
        </DescribedButton>
      )}
    </SimpleGrid>
  );
}

/** The last failure, in red (docs/product.md#embedded-wallet-inline-errors). */
function WalletErrorText() {
  const { error } = useWalletState();
  if (!error) return null;
  return (
    <Text role="alert" color="fg.error" fontSize="sm">
      {error}
    </Text>
  );
}
