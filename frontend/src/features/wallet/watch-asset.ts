/** 'Add TuBE' (EIP-747), asked of an installed or a WalletConnect wallet. */
import type { SignClient } from "@walletconnect/sign-client";
import { isMobileUserAgent } from "./connection-route.ts";

type Session = ReturnType<InstanceType<typeof SignClient>["session"]["getAll"]>[number];

type WatchedToken = { address: string; symbol: string; decimals: number };

/** Sent to both kinds of wallet; its params are an object, not an array. */
export function watchAssetRequest(token: WatchedToken) {
  return { method: "wallet_watchAsset", params: { type: "ERC20" as const, options: token } };
}

export function sessionHolding(sessions: Session[], chainId: number, address: string) {
  const account = `eip155:${chainId}:${address}`.toLowerCase();
  return sessions.find((session) => session.namespaces.eip155?.accounts.some((held) => held.toLowerCase() === account));
}

/** One for the page: each init registers another client on the page's WalletConnect core. */
let signClient: Promise<InstanceType<typeof SignClient>> | undefined;

/** thirdweb's WalletConnect account cannot list a token: a sign-client on the page's core asks the session's wallet. */
export async function watchAssetOverWalletConnect(chainId: number, address: string, token: WatchedToken) {
  signClient ??= import("@walletconnect/sign-client").then(({ SignClient }) =>
    SignClient.init({ telemetryEnabled: false }),
  );
  const client = await signClient;
  const session = sessionHolding(client.session.getAll(), chainId, address);
  if (!session) throw new Error("No WalletConnect session holds the connected wallet");
  const answer = client.request<unknown>({
    topic: session.topic,
    chainId: `eip155:${chainId}`,
    request: watchAssetRequest(token),
  });
  // On a phone the visitor approves in the wallet app, as thirdweb opens it for its own requests.
  const walletLink = session.peer.metadata.redirect?.native;
  if (walletLink && isMobileUserAgent(navigator.userAgent)) window.location.href = walletLink;
  return (await answer) === true;
}
