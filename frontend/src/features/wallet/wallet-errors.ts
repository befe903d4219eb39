/** The wallet toasts for a failed connect (docs/product.md#wallet-toasts). */
import { errorCode } from "./network-switch.ts";

export interface WalletErrorText {
  title: string;
  description: string;
}

const CONNECT_FAILED_TOAST_TEXT = "Failed to connect wallet.";

export function describeConnectError(error: unknown): WalletErrorText {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  if (errorCode(error) === 4001 || /rejected|denied/i.test(message)) {
    return { title: "Connection Rejected", description: "You rejected the connection request." };
  }
  if (/no accounts/i.test(message)) {
    return { title: "Connection Failed", description: "No accounts found. Please unlock your wallet." };
  }
  return { title: "Connection Failed", description: message || CONNECT_FAILED_TOAST_TEXT };
}

/** The inline red text of the embedded wallet says 'Failed to connect wallet', without the toast's period. */
export function inlineConnectError(error: unknown): string {
  const { description } = describeConnectError(error);
  return description === CONNECT_FAILED_TOAST_TEXT ? "Failed to connect wallet" : description;
}

/** The wallet module's code did not download (offline, or a deploy replaced it): shown inline with a retry. */
export const WALLET_MODULE_FAILED = "The wallet options could not be loaded. Check your connection and try again.";
