import { DescribedButton } from "../../../components/ui/described-button.tsx";
import { useWalletIntent } from "../wallet-loading.ts";
import { isWaitingFor, useWalletState } from "../wallet-state.tsx";

/** 'Sign in with Google': the embedded ecosystem wallet, for visitors who have no wallet yet. */
export function SignInWithGoogleButton() {
  const wallet = useWalletState();
  const { connectWithGoogle } = wallet;
  const intent = useWalletIntent();
  if (!connectWithGoogle) return null;
  return (
    // The Subscribe step also has 'Connect with Google', which verifies the subscription: this one makes a wallet.
    <DescribedButton
      colorPalette="blue"
      variant="outline"
      onClick={() => void connectWithGoogle()}
      disabled={isWaitingFor(wallet, "google")}
      description="To create a wallet with your Google account, if you have none."
      {...intent}
    >
      Sign in with Google
    </DescribedButton>
  );
}
