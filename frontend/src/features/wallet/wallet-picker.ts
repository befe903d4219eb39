/**
 * What thirdweb's wallet picker needs from the real wallet provider. Kept apart
 * from the picker itself so the provider does not pull the picker's UI into the
 * page's first chunk: the picker is loaded only when the Connect step shows it.
 */
import { createContext } from "react";
import type { Wallet } from "thirdweb/wallets";
import type { ThirdwebSetup } from "../../lib/thirdweb.ts";

export interface WalletPicker {
  setup: ThirdwebSetup;
  onConnected(wallet: Wallet): void;
}

export const WalletPickerContext = createContext<WalletPicker | null>(null);
