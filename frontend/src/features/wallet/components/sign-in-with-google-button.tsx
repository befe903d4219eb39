import { Button, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { useWalletIntent } from "../wallet-loading.ts";
import { isWaitingFor, useWalletState } from "../wallet-state.tsx";

/** 'Sign in with Google': the embedded ecosystem wallet, for visitors who have no wallet yet. */
export function SignInWithGoogleButton() {
  const wallet = useWalletState();
  const { connectWithGoogle } = wallet;
  const intent = useWalletIntent();
  const purposeId = useId();
  if (!connectWithGoogle) return null;
  return (
    <Stack gap="1">
      <Button
        colorPalette="blue"
        variant="outline"
        onClick={() => void connectWithGoogle()}
        disabled={isWaitingFor(wallet, "google")}
        aria-describedby={purposeId}
        {...intent}
      >
        Sign in with Google
      </Button>
      {/* The Subscribe step also has 'Connect with Google', which verifies the subscription: this one makes a wallet. */}
      <Text id={purposeId} fontSize="sm" color="fg.muted">
        To create a wallet with your Google account, if you have none.
      </Text>
    </Stack>
  );
}
