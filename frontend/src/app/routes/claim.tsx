import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { PageLayout } from "../../components/ui/page-layout.tsx";
import { Toaster } from "../../components/ui/toaster.tsx";
import { ClaimWizard } from "../../features/claim-wizard/claim-wizard.tsx";
import { readWizardProgress } from "../../features/claim-wizard/wizard-progress-storage.ts";
import { GoogleConnect } from "../../features/google-auth/components/google-connect.tsx";
import { signOutOfGoogle } from "../../features/google-auth/google-auth-storage.ts";
import { useGoogleAuth } from "../../features/google-auth/use-google-auth.ts";
import { AddTokenButton } from "../../features/wallet/components/add-token-button.tsx";
import { WalletIndicator } from "../../features/wallet/components/wallet-indicator.tsx";
import { WalletOptions, WalletPanel } from "../../features/wallet/components/wallet-panel.tsx";
import { DeferredWalletProvider } from "../../features/wallet/deferred-wallet-provider.tsx";
import { usePreloadWhenIdle } from "../../features/wallet/wallet-loading.ts";
import { useWalletState } from "../../features/wallet/wallet-state.tsx";
import { hasWalletToRestore } from "../../features/wallet/redirect-login.ts";

/** The wallet module loads at once when a wallet is to be restored or the visitor is past Subscribe. */
function walletNeededAtOnce() {
  return hasWalletToRestore(window.location) || (readWizardProgress()?.step ?? 0) >= 1;
}

export default function ClaimRoute() {
  // Its own query client: thirdweb's loads later (ADR 13).
  const [queryClient] = useState(() => new QueryClient());
  const [loadWalletAtOnce] = useState(walletNeededAtOnce);
  return (
    <PageLayout>
      {/* Only the claim flow toasts: its code stays off the other pages. */}
      <Toaster />
      <QueryClientProvider client={queryClient}>
        <DeferredWalletProvider loadAtOnce={loadWalletAtOnce}>
          <ComposedClaimWizard />
        </DeferredWalletProvider>
      </QueryClientProvider>
    </PageLayout>
  );
}

export function ComposedClaimWizard({ reloadPage }: { reloadPage?: () => void }) {
  const wallet = useWalletState();
  const googleAuth = useGoogleAuth();
  // The wallet comes next: fetch its code while the visitor is busy with Google.
  usePreloadWhenIdle(googleAuth.status !== "idle");
  const google = {
    auth: googleAuth.auth,
    isAuthorizing: googleAuth.status === "authorizing",
    signOut: signOutOfGoogle,
    authorize: googleAuth.authorize,
  };
  const slots = {
    walletIndicator: <WalletIndicator />,
    googleConnect: <GoogleConnect google={googleAuth} />,
    walletPanel: <WalletPanel />,
    walletOptions: <WalletOptions />,
    addToken: <AddTokenButton />,
  };
  return <ClaimWizard wallet={wallet} google={google} slots={slots} reloadPage={reloadPage} />;
}
