/**
 * The /claim route: composes the claim wizard with the google-auth and wallet
 * features, which know nothing of each other. Loaded lazily: it is the only
 * page that pulls in the wallet SDK.
 */
import { useMemo } from "react";
import { PageLayout } from "../../components/ui/page-layout.tsx";
import { Toaster } from "../../components/ui/toaster.tsx";
import { ClaimWizard } from "../../features/claim-wizard/claim-wizard.tsx";
import type { WizardGoogle, WizardSlots } from "../../features/claim-wizard/ports.ts";
import { GoogleConnect } from "../../features/google-auth/components/google-connect.tsx";
import { signOutOfGoogle } from "../../features/google-auth/sign-out.ts";
import { useGoogleAuth } from "../../features/google-auth/use-google-auth.ts";
import { WalletIndicator } from "../../features/wallet/components/wallet-indicator.tsx";
import { WalletOptions } from "../../features/wallet/components/wallet-options.tsx";
import { WalletPanel } from "../../features/wallet/components/wallet-panel.tsx";
import { ThirdwebWalletProvider } from "../../features/wallet/thirdweb-wallet-provider.tsx";
import { useWalletState } from "../../features/wallet/wallet-state.tsx";

export default function ClaimRoute() {
  return (
    <PageLayout>
      {/* Only the claim flow toasts: mounting the toaster here keeps its code off the landing and legal pages. */}
      <Toaster />
      {/* thirdweb's provider owns the page's TanStack QueryClient (it cannot take ours); the wizard's queries share it. */}
      <ThirdwebWalletProvider>
        <ComposedClaimWizard />
      </ThirdwebWalletProvider>
    </PageLayout>
  );
}

/** The wizard fed by the wallet in context and the Google session; the tests mount it over a fake wallet. */
export function ComposedClaimWizard({ reloadPage }: { reloadPage?: () => void }) {
  const wallet = useWalletState();
  const googleAuth = useGoogleAuth();
  const google = useMemo<WizardGoogle>(
    () => ({
      auth: googleAuth.auth,
      isAuthorizing: googleAuth.status === "authorizing",
      signOut: signOutOfGoogle,
      authorize: googleAuth.authorize,
    }),
    [googleAuth.auth, googleAuth.status, googleAuth.authorize],
  );
  const slots: WizardSlots = {
    walletIndicator: <WalletIndicator />,
    googleConnect: <GoogleConnect google={googleAuth} />,
    walletPanel: <WalletPanel />,
    walletOptions: <WalletOptions />,
  };
  return <ClaimWizard wallet={wallet} google={google} slots={slots} reloadPage={reloadPage} />;
}
