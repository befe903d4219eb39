/** The wallet toasts for a failed connect (docs/product.md#wallet-toasts). */
import type { WalletRestoreOutcome } from "../../lib/thirdweb.ts";
import { errorCode, type Eip1193Requester } from "./network-switch.ts";

const CONNECT_FAILED_TOAST_TEXT = "Failed to connect wallet.";
const text = (title: string, description: string) => ({ title, description });

/** The wallet gave no account, as a locked one does. */
export class NoAccountsError extends Error {
  override readonly name = "NoAccountsError";
}

/** Asked before thirdweb, whose "no accounts" error hides what the wallet said (ADR 27). */
export async function requestInjectedAccounts(provider: Eip1193Requester) {
  const accounts = await provider.request({ method: "eth_requestAccounts" });
  if (!Array.isArray(accounts) || accounts.length === 0) throw new NoAccountsError("The wallet returned no accounts.");
}

const CONNECT_FAILURES = {
  rejected: text("Connection Rejected", "You rejected the connection request."),
  pending: text(
    "Connection Failed",
    "Your wallet is already showing a connection request. Open your wallet to approve or reject it, then try again.",
  ),
  locked: text("Connection Failed", "No accounts found. Please unlock your wallet."),
  expired: text(
    "Connection Request Expired",
    "No wallet accepted the connection request within 5 minutes, so its code has expired. Press Connect Wallet for a new one.",
  ),
};

export function describeConnectError(error: unknown) {
  const code = errorCode(error);
  const message = messageOf(error);
  if (code === 4001) return CONNECT_FAILURES.rejected; // EIP-1193's "User Rejected Request"
  if (code === -32002) return CONNECT_FAILURES.pending; // MetaMask: its own window is still open
  if (error instanceof NoAccountsError) return CONNECT_FAILURES.locked;
  // WalletConnect: no wallet answered in 5 minutes; the pairing code is dead too.
  if (message === "Proposal expired") return CONNECT_FAILURES.expired;
  // Wallets reached through WalletConnect reject with codes of their own.
  if (/rejected|denied/i.test(message)) return CONNECT_FAILURES.rejected;
  return { title: "Connection Failed", description: message || CONNECT_FAILED_TOAST_TEXT };
}

/** The inline text says 'Failed to connect wallet', without the toast's period. */
export function inlineConnectError(error: unknown) {
  const { description } = describeConnectError(error);
  return description === CONNECT_FAILED_TOAST_TEXT ? "Failed to connect wallet" : description;
}

/** How long the page waits for a connect or sign-in before offering 'Try again'. */
export const CONNECT_TIMEOUT_SECONDS = 30;

export function connectTimedOut(via: "wallet" | "google", canSignInWithGoogle: boolean) {
  if (via === "google")
    return text(
      "Sign-in Timed Out",
      `Google sign-in did not finish within ${CONNECT_TIMEOUT_SECONDS} seconds. Please try again, or connect a wallet you already have.`,
    );
  const ways = canSignInWithGoogle
    ? "Open your wallet to approve the request, try again, or sign in with Google to create a wallet instead."
    : "Open your wallet to approve the request, or try again.";
  return text("Wallet Not Responding", `Your wallet did not answer within ${CONNECT_TIMEOUT_SECONDS} seconds. ${ways}`);
}

/** A phone's deep link to its wallet app opened nothing. */
export function noWalletApp(canSignInWithGoogle: boolean) {
  const ways = canSignInWithGoogle
    ? "Sign in with Google to create a wallet instead, or install a wallet app such as MetaMask."
    : "Install a wallet app such as MetaMask, then press Connect Wallet again.";
  return text("No Wallet App Found", `No wallet app opened on this phone. ${ways}`);
}

/** Why a redirect login that came back connected no wallet; null when it did. */
export function redirectLoginFailure(returned: "credential" | "abandoned", restore: WalletRestoreOutcome) {
  if (returned === "abandoned")
    return text(
      "Google Sign-in Cancelled",
      "Google sign-in was cancelled. Sign in with Google again, or connect a wallet you already have.",
    );
  switch (restore) {
    case "connected":
      return null;
    case "not-tried":
      // AutoConnect drops a sign-in whose one-time state this browser lacks or stored over 10 minutes ago.
      return text(
        "Google Sign-in Expired",
        "This Google sign-in was not started from this page in the last 10 minutes, so it was not used. Please sign in with Google again.",
      );
    case "pending":
      return connectTimedOut("google", true);
    case "failed":
      return text(
        "Google Sign-in Failed",
        "The wallet service did not accept this Google sign-in (it may have expired). Please sign in with Google again, or connect a wallet you already have.",
      );
  }
}

/** The wallet module's code did not download: shown inline with a retry. */
export const WALLET_MODULE_FAILED = "The wallet options could not be loaded. Check your connection and try again.";

/** Wallets throw Errors, EIP-1193 error objects ({ code, message }) or strings. */
function messageOf(error: unknown) {
  if (typeof error === "string") return error;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : "";
}
