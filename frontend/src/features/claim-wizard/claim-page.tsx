/** The /claim route. Loaded lazily: it is the only page that pulls in the wallet SDK. */
import { PageLayout } from "../../components/ui/page-layout.tsx";
import { ThirdwebWalletProvider } from "../wallet/thirdweb-wallet-provider.tsx";
import { ClaimWizard } from "./claim-wizard.tsx";

export default function ClaimPage() {
  return (
    <PageLayout>
      <ThirdwebWalletProvider>
        <ClaimWizard />
      </ThirdwebWalletProvider>
    </PageLayout>
  );
}
