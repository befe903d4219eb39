/**
 * The one place the thirdweb SDK is configured. Everything comes from the
 * public config so a local stand-in chain and production use the same code.
 * Only the wallet module, loaded when /claim needs a wallet, imports this one,
 * which keeps the SDK off every page's first load (ADR 13).
 */
import type { PublicConfig } from "@tube/common/api";
import { ARBITRUM_ONE_NAME } from "@tube/common/constants";
import { createThirdwebClient, defineChain, type Chain, type ThirdwebClient } from "thirdweb";
import { createWallet, ecosystemWallet, walletConnect, type Wallet } from "thirdweb/wallets";
import { isEcosystemId } from "./ecosystem-id.ts";

export interface ThirdwebSetup {
  client: ThirdwebClient;
  chain: Chain;
  /** The embedded ecosystem wallet behind 'Sign in with Google'; absent when no ecosystem is configured. */
  ecosystem?: Wallet<`ecosystem.${string}`>;
  metamask: Wallet<"io.metamask">;
  /** Offered whether or not a project id is configured: without one the SDK uses its own default project id. */
  walletConnect: Wallet<"walletConnect">;
  /** The operator's WalletConnect project id; undefined lets the SDK fall back to its default. */
  walletConnectProjectId?: string;
  /** Every wallet the page can restore; AutoConnect needs all of them mounted to finish a redirect login. */
  wallets: Wallet[];
}

export function createThirdwebSetup(config: PublicConfig): ThirdwebSetup {
  const client = createThirdwebClient({ clientId: config.thirdwebClientId });
  const chain = createChain(config);
  const ecosystem = isEcosystemId(config.ecosystemId)
    ? ecosystemWallet(config.ecosystemId, {
        partnerId: config.ecosystemPartnerId || undefined,
        auth: { mode: "redirect" },
      })
    : undefined;
  const metamask = createWallet("io.metamask");
  const walletConnectProjectId = config.walletConnectProjectId || undefined;
  // Without the operator's project id, thirdweb's WalletConnect connector uses its own default one
  // (thirdweb/dist/esm/wallets/wallet-connect/controller.js: `projectId || DEFAULT_PROJECT_ID`): offered either way.
  const wc = walletConnect();
  const wallets: Wallet[] = [metamask, wc];
  if (ecosystem) wallets.unshift(ecosystem);
  return { client, chain, ecosystem, metamask, walletConnect: wc, walletConnectProjectId, wallets };
}

/** Never the SDK's bare `arbitrum` export: that would send RPC calls to thirdweb instead of our configured node. */
function createChain(config: PublicConfig): Chain {
  return defineChain({
    id: config.chainId,
    rpc: config.rpcUrl,
    name: ARBITRUM_ONE_NAME,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    blockExplorers: [{ name: "Arbiscan", url: config.explorerUrl }],
  });
}
