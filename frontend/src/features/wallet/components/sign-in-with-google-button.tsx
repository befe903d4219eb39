import { Button } from "@chakra-ui/react";
import { useWalletIntent } from "../wallet-loading.ts";
import { useWalletState } from "../wallet-state.tsx";

/** 'Sign in with Google': the embedded ecosystem wallet, for visitors who have no wallet yet. */
export function SignInWithGoogleButton() {
  const { isConnecting, connectWithGoogle } = useWalletState();
  const intent = useWalletIntent();
  if (!connectWithGoogle) return null;
  return (
    <Button
      colorPalette="red"
      variant="outline"
      onClick={() => void connectWithGoogle()}
      disabled={isConnecting}
      {...intent}
    >
      Sign in with Google
    </Button>
  );
}
