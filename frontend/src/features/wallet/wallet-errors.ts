/** Spec §8's wallet toasts for a failed connect. */
import { errorCode } from "./network-switch.ts";

export interface WalletErrorText {
  title: string;
  description: string;
}

export const WALLET_NOT_FOUND: WalletErrorText = {
  title: "Wallet Not Found",
  description: "Please install a Web3 wallet like MetaMask.",
};

export function describeConnectError(error: unknown): WalletErrorText {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  if (errorCode(error) === 4001 || /rejected|denied/i.test(message)) {
    return { title: "Connection Rejected", description: "You rejected the connection request." };
  }
  if (/no accounts/i.test(message)) {
    return { title: "Connection Failed", description: "No accounts found. Please unlock your wallet." };
  }
  return { title: "Connection Failed", description: message || "Failed to connect wallet." };
}
