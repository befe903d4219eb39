/** thirdweb's own picker for every other wallet, with the main buttons' setup and after-connect steps. */
import { ConnectButton } from "thirdweb/react";
import type { Wallet } from "thirdweb/wallets";
import type { ThirdwebSetup } from "../../lib/thirdweb.ts";
import { MORE_WALLETS_BUTTON_STYLE, THIRDWEB_THEME } from "./thirdweb-theme.ts";

export default function MoreWalletsButton({
  setup,
  onConnected,
}: {
  setup: ThirdwebSetup;
  onConnected(wallet: Wallet): void;
}) {
  return (
    <ConnectButton
      client={setup.client}
      chain={setup.chain}
      wallets={setup.wallets}
      // The operator's WalletConnect project, not the SDK's default.
      walletConnect={{ projectId: setup.walletConnectProjectId }}
      // AutoConnect is already mounted once for the whole page.
      autoConnect={false}
      theme={THIRDWEB_THEME}
      onConnect={onConnected}
      connectButton={{ label: "More wallet options", style: MORE_WALLETS_BUTTON_STYLE }}
      connectModal={{ size: "compact", title: "Connect a wallet", showThirdwebBranding: false }}
    />
  );
}
