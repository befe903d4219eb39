/** Switch an injected wallet to our chain, adding it if unknown: thirdweb's switch hides which happened. */
import type { Notification } from "../../components/ui/toaster.tsx";

export type Eip1193Requester = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

export interface AddChainParameters {
  chainId: string;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls: string[];
}

type NetworkSwitchOutcome = "switched" | "added" | "add-failed" | "failed";

export async function switchInjectedChain(provider: Eip1193Requester, chain: AddChainParameters) {
  try {
    await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: chain.chainId }] });
    return "switched";
  } catch (error) {
    if (!isUnknownChainError(error)) return "failed";
  }
  try {
    await provider.request({ method: "wallet_addEthereumChain", params: [chain] });
    return "added";
  } catch {
    return "add-failed";
  }
}

/** 4902 is EIP-3326's "unknown chain"; MetaMask mobile reports it as -32603 with the 4902 inside. */
export function isUnknownChainError(error: unknown) {
  const code = errorCode(error);
  if (code === 4902 || code === -32603) return true;
  const data = (error as { data?: { originalError?: unknown } } | null)?.data;
  return errorCode(data?.originalError) === 4902;
}

export function errorCode(error: unknown) {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "number" ? code : undefined;
}

/** A WalletConnect wallet is on our chain once it has said so: the SDK's chain is only the one it asked for. */
export function isOnChain(target: number, sdkChainId?: number, walletConnect?: { heardChainId?: number }) {
  return sdkChainId === target && (walletConnect === undefined || walletConnect.heardChainId === target);
}

/** Said as a wallet on another network is asked to switch, so the visitor knows why it asks. */
export const SWITCH_ASKED_TOAST: Notification = {
  type: "warning",
  title: "Approve the Network Switch",
  description: "Your wallet is on another network. Please approve the switch to Arbitrum in your wallet.",
};

const failure = (title: string, description: string): Notification => ({ type: "error", title, description });
/** The network toasts (docs/product.md#network-toasts). */
export const NETWORK_SWITCH_TOASTS: Record<NetworkSwitchOutcome, Notification> = {
  switched: { type: "success", title: "Network Switched", description: "Successfully connected to Arbitrum network." },
  added: { type: "success", title: "Network Added", description: "Arbitrum network has been added to your wallet." },
  "add-failed": failure("Network Error", "Could not add Arbitrum network. Please add it manually in your wallet."),
  failed: failure("Network Switch Failed", "Could not switch to Arbitrum network. Please try manually in your wallet."),
};
