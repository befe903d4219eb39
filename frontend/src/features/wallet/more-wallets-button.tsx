/**
 * thirdweb's own wallet picker (ConnectButton), offered next to the spec's two
 * buttons for every other wallet: WalletConnect's QR code and deep links, other
 * installed wallets, the ecosystem wallet. It renders only under the real wallet
 * provider, which supplies the setup and the same after-connect steps (toast,
 * network switch) as the main buttons.
 */
import { useContext } from "react";
import { ConnectButton } from "thirdweb/react";
import { WalletPickerContext } from "./wallet-picker.ts";

export default function MoreWalletsButton() {
  const picker = useContext(WalletPickerContext);
  if (!picker) return null;
  return (
    <ConnectButton
      client={picker.setup.client}
      chain={picker.setup.chain}
      wallets={picker.setup.wallets}
      // AutoConnect is already mounted once for the whole page.
      autoConnect={false}
      theme="light"
      onConnect={picker.onConnected}
      connectButton={{ label: "More wallet options", style: { width: "100%", minHeight: "40px", fontSize: "14px" } }}
      connectModal={{ size: "compact", title: "Connect a wallet", showThirdwebBranding: false }}
    />
  );
}
