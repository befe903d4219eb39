/** The thirdweb SDK configured from the public config; only the wallet module imports it (ADR 13). */
import type { PublicConfig } from "@tube/common/api";
import { ARBITRUM_ONE_NAME } from "@tube/common/constants";
import { createThirdwebClient, defineChain } from "thirdweb";
import { setThirdwebDomains } from "thirdweb/utils";
import { createWallet, ecosystemWallet, walletConnect, type Wallet } from "thirdweb/wallets";
import { isEcosystemId } from "./ecosystem-id.ts";

export type ThirdwebSetup = ReturnType<typeof createThirdwebSetup>;

export type WalletRestoreOutcome = "not-tried" | "pending" | "failed" | "connected";

/** The SDK posts the address on every connection: a host that never resolves keeps it (ADR 26). */
const NO_ANALYTICS_HOST = "analytics.invalid";

export function createThirdwebSetup(config: PublicConfig) {
  setThirdwebDomains({ analytics: NO_ANALYTICS_HOST });
  const client = createThirdwebClient({ clientId: config.thirdwebClientId });
  // Never the SDK's bare `arbitrum` export: it would send RPC calls to thirdweb, not our node.
  const chain = defineChain({
    id: config.chainId,
    rpc: config.rpcUrl,
    name: ARBITRUM_ONE_NAME,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    blockExplorers: [{ name: "Arbiscan", url: config.explorerUrl }],
  });
  const ecosystem = isEcosystemId(config.ecosystemId)
    ? ecosystemWallet(config.ecosystemId, {
        partnerId: config.ecosystemPartnerId || undefined,
        auth: { mode: "redirect" },
      })
    : undefined;
  const metamask = createWallet("io.metamask");
  // Without a project id the SDK falls back to its default.
  const walletConnectProjectId = config.walletConnectProjectId || undefined;
  const wc = walletConnect();
  // AutoConnect needs every one mounted to finish a redirect login.
  const wallets: Wallet[] = [metamask, wc];
  if (ecosystem) wallets.unshift(ecosystem);
  const ecosystemRestore = ecosystem ? watchRestore(ecosystem) : () => "not-tried" as const;
  return { client, chain, ecosystem, metamask, walletConnect: wc, walletConnectProjectId, wallets, ecosystemRestore };
}

/** thirdweb's AutoConnect swallows its failures, and the page must tell. */
function watchRestore(wallet: Wallet) {
  let outcome: WalletRestoreOutcome = "not-tried";
  const autoConnect = wallet.autoConnect.bind(wallet);
  wallet.autoConnect = async (options) => {
    outcome = "pending";
    try {
      const account = await autoConnect(options);
      outcome = "connected";
      return account;
    } catch (cause) {
      outcome = "failed";
      throw cause;
    }
  };
  return () => outcome;
}
