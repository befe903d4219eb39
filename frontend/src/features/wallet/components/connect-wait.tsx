import { Button, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { CONNECT_TIMEOUT_SECONDS } from "../wallet-errors.ts";
import { useWalletState } from "../wallet-state.tsx";

/**
 * How long the page waits for a connect, said while it waits, and 'Try again' once it has stopped waiting: a wallet
 * that never answers must not leave the visitor before a spinner with nothing to do.
 */
export function ConnectWait() {
  const { connectingVia, retryConnect } = useWalletState();
  const tryAgain = useRef<HTMLButtonElement>(null);
  const stoppedWaiting = retryConnect !== undefined;
  // On a phone the wallet part of the step runs below the fold: the time-out's message and its way on are brought
  // into view, since the visitor was looking at the wallet app, not at where the page will answer.
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
      {connectingVia === "wallet"
        ? `Waiting for your wallet to answer (up to ${CONNECT_TIMEOUT_SECONDS} seconds)…`
        : `Waiting for Google sign-in (up to ${CONNECT_TIMEOUT_SECONDS} seconds)…`}
    </Text>
  );
}
